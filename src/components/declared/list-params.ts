import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";
import dayjs from "dayjs";
import { formatDate } from "../../format";
import { type Field, isSearchable, isSortable, isShownInList } from "../../resources/model/fields";
import type { AnyDataResource } from "../../resources/model/resource";
import type { FilterValues } from "../filters/clean-filters";
import { booleanText, ENGLISH_VALUE_WORDS, fieldText, type ValueWords } from "../../resources/model/field-text";
import type { DeclaredWords } from "./useDeclaredWords";

/*
 * A declared resource's list as its URL says it, in simple-rest's dialect: plain functions, no React.
 * Each filterable field has its URL keys, named as the API names them (`country_like`, `employerId`,
 * `expiryDate_gte`, `expiryDate_lte`); `q` is the search box.
 */

export const SEARCH_KEY = "q";

/** How a field is filtered: text contains (`_like`, any case), a choice equals, dates and numbers within a range. */
export type FilterShape = "contains" | "choice" | "range";

export function filterShapeOf(field: Field): FilterShape | undefined {
  if (!field.filterable) return undefined;
  switch (field.kind) {
    case "text":
    case "longText":
      return "contains";
    case "enum":
    case "boolean":
    case "reference":
      return "choice";
    case "date":
    case "dateTime":
    case "number":
    case "money":
      return "range";
    default:
      return undefined;
  }
}

/** A filterable field's URL keys: one, or the two ends of its range. */
export function filterKeysOfField(name: string, field: Field): string[] {
  const shape = filterShapeOf(field);
  if (shape === "contains") return [`${name}_like`];
  if (shape === "choice") return [name];
  if (shape === "range") return [`${name}_gte`, `${name}_lte`];
  return [];
}

export const filterableFields = (data: AnyDataResource): [string, Field][] => Object.entries(data.fields).filter(([, f]) => filterShapeOf(f) !== undefined);
export const searchableFields = (data: AnyDataResource): [string, Field][] => Object.entries(data.fields).filter(([, f]) => isSearchable(f));
export const listFields = (data: AnyDataResource): [string, Field][] => Object.entries(data.fields).filter(([, f]) => isShownInList(f));
/** Legacy lists come whole, in the declaration's order: they are sorted by nobody. */
export const sortableInList = (data: AnyDataResource, field: Field) => !data.legacy && isSortable(field);

/** Every URL key of the list's filters, the search box's included. */
export function listFilterKeys(data: AnyDataResource): string[] {
  return [...(searchableFields(data).length > 0 ? [SEARCH_KEY] : []), ...filterableFields(data).flatMap(([name, f]) => filterKeysOfField(name, f))];
}

type Operator = LogicalFilter["operator"];

const OPERATORS: [suffix: string, operator: Operator][] = [
  ["_like", "contains"],
  ["_gte", "gte"],
  ["_lte", "lte"],
];

/** A day picked for a date-time range, as the instant its end stands for (the day's start, or its end). */
const dayBound = (day: string, operator: Operator) => {
  const date = dayjs(day, "YYYY-MM-DD");
  return (operator === "lte" ? date.endOf("day") : date.startOf("day")).toISOString();
};

/** The applied filters (URL keys) as Refine's filters, which simple-rest turns back into the same keys. */
export function crudFiltersOf(data: AnyDataResource, applied: FilterValues): CrudFilter[] {
  return Object.entries(applied).map(([key, value]): CrudFilter => {
    if (key === SEARCH_KEY) return { field: SEARCH_KEY, operator: "eq", value };
    const [suffix, operator] = OPERATORS.find(([s]) => key.endsWith(s)) ?? ["", "eq" as Operator];
    const field = key.slice(0, key.length - suffix.length);
    const kind = data.fields[field]?.kind;
    return { field, operator, value: kind === "dateTime" ? dayBound(value, operator) : value };
  });
}

/** The list's order as the URL holds it (`?sort=expiryDate&order=desc`); none: the declaration's. */
export function sortersOf(data: AnyDataResource, sort: string | null, order: string | null): CrudSort[] {
  const field = sort && (sort === "id" || (data.fields[sort] && sortableInList(data, data.fields[sort]))) ? sort : undefined;
  return field ? [{ field, order: order === "desc" ? "desc" : "asc" }] : [];
}

/** The values a header popup edits for a field: its one value, or its range's two ends. */
export function popupValuesOf(name: string, field: Field, filters: FilterValues): string[] {
  return filterKeysOfField(name, field).map((key) => filters[key] ?? "");
}

/** A popup's values back as URL keys (blank ends dropped). */
export function filtersFromPopup(name: string, field: Field, values: readonly unknown[] | null | undefined): FilterValues {
  const keys = filterKeysOfField(name, field);
  return Object.fromEntries(keys.flatMap((key, i) => (values?.[i] !== undefined && values?.[i] !== null && String(values[i]).trim() !== "" ? [[key, String(values[i]).trim()]] : [])));
}

/** The chips' labels: "Country", "Expiry Date from", "Expiry Date to", "Search". */
export function filterLabelsOf(data: AnyDataResource, words: Pick<DeclaredWords, "t" | "text">): Record<string, string> {
  const { t, text } = words;
  const labels: Record<string, string> = { [SEARCH_KEY]: t("declared.search") };
  for (const [name, field] of filterableFields(data)) {
    const keys = filterKeysOfField(name, field);
    const label = text(field.label);
    if (keys.length === 2) {
      labels[keys[0]] = t("declared.from", { label });
      labels[keys[1]] = t("declared.to", { label });
    } else labels[keys[0]] = label;
  }
  return labels;
}

/** A filter's value on its chip, as the list shows the field (a reference by its title when known). */
export function filterValueText(
  data: AnyDataResource,
  key: string,
  value: string,
  titleOf?: (field: string, id: string) => string | undefined,
  words: ValueWords = ENGLISH_VALUE_WORDS,
): string {
  if (key === SEARCH_KEY) return value;
  const name = key.replace(/_(like|gte|lte)$/, "");
  const field = data.fields[name];
  if (!field) return value;
  if (field.kind === "boolean") return booleanText(value, words);
  if (field.kind === "dateTime") return words.digits(formatDate(value));
  if (field.kind === "reference") return fieldText(field, value, titleOf?.(name, value), words);
  return fieldText(field, value, undefined, words);
}

const SUFFIXES: Partial<Record<Operator, string>> = { contains: "_like", gte: "_gte", lte: "_lte" };

/**
 * The query of the list's file (issue 27): the filters and search as the list sends them, its order,
 * the columns shown in their order, and the format.
 */
export function exportParams(data: AnyDataResource, applied: FilterValues, sorters: CrudSort[], columns: readonly string[], format: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of crudFiltersOf(data, applied) as LogicalFilter[]) {
    params[filter.field === SEARCH_KEY ? SEARCH_KEY : `${filter.field}${SUFFIXES[filter.operator] ?? ""}`] = String(filter.value);
  }
  if (sorters.length > 0) {
    params._sort = sorters.map((s) => s.field).join(",");
    params._order = sorters.map((s) => s.order).join(",");
  }
  return { ...params, columns: columns.join(","), format };
}

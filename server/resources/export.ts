/**
 * A declared resource's list as a file (issue 27): every record the list's filters, search and scope
 * select, in its order, read a batch at a time; each value written as the screens write it (dates
 * DD/MM/YYYY, money in ৳, Yes / No, a reference by its record's title), an empty value as an empty cell;
 * dates and numbers also as typed values, for a spreadsheet's cells.
 */
import { englishText } from "../../src/i18n/local-text";
import type { Kysely } from "kysely";
import { EMPTY } from "../../src/format";
import { type AnyDataResource, type ListQuery, columnOf, tableOf } from "../../src/resources/model";
import { fieldText } from "../../src/resources/model/field-text";
import type { DB } from "../db/schema";
import type { ExportCell, ExportColumn } from "../export/cells";
import type { Scope } from "./access";
import { listBatches } from "./list-query";
import { type ResourceStore, toRecords } from "./store";

/** The chosen columns: the id column's name or each field's label, and how a spreadsheet types its cells. */
export const exportColumns = (resource: AnyDataResource, columns: readonly string[]): ExportColumn[] =>
  columns.map((c) => {
    if (c === "id") return { header: englishText(resource.idColumn ?? "ID"), kind: "number" };
    const field = resource.fields[c];
    const kind = field.kind === "date" || field.kind === "dateTime" || field.kind === "money" || field.kind === "number" ? field.kind : "text";
    return { header: englishText(field.label), kind };
  });

/** A value as a spreadsheet cell: a date (a date-only value at UTC midnight), a number, else the text. */
function cellValue(kind: ExportColumn["kind"], value: unknown): ExportCell["value"] {
  if (value === null || value === undefined || value === "") return undefined;
  if (kind === "date") return new Date(`${String(value)}T00:00:00Z`);
  if (kind === "dateTime") return new Date(String(value));
  if (kind === "money" || kind === "number") return Number(value);
  return undefined;
}

/** The titles of the records a batch references, per reference column. */
async function referenceTitles(store: ResourceStore, resource: AnyDataResource, columns: readonly string[], records: Record<string, unknown>[]) {
  const db = store.db as unknown as Kysely<any>;
  const titles = new Map<string, Map<number, string>>();
  for (const name of columns) {
    const field = resource.fields[name];
    if (field?.kind !== "reference") continue;
    const ids = [...new Set(records.map((r) => r[name]).filter((v): v is number => typeof v === "number"))];
    const target = store.resources.find((r) => r.name === field.to);
    const [table, column] = target ? [tableOf(target), columnOf(target.title)] : ["users", "username"];
    const found = ids.length === 0 ? [] : await db.selectFrom(table).select(["id", `${column} as title`]).where("id", "in", ids).execute();
    titles.set(name, new Map(found.map((row: { id: number; title: unknown }) => [Number(row.id), String(row.title ?? "")])));
  }
  return titles;
}

export async function* exportRows(
  store: ResourceStore,
  resource: AnyDataResource,
  query: Pick<ListQuery, "filters" | "q" | "sort">,
  scope: Scope,
  columns: readonly string[],
): AsyncGenerator<ExportCell[]> {
  const kinds = exportColumns(resource, columns).map((c) => c.kind);
  for await (const rows of listBatches(store.db as Kysely<DB>, store.dialect, resource, query, scope)) {
    const records = (await toRecords(store.db, resource, rows)) as Record<string, unknown>[];
    const titles = await referenceTitles(store, resource, columns, records);
    for (const record of records) {
      yield columns.map((name, i) => {
        if (name === "id") return { text: String(record.id), value: Number(record.id) };
        const text = fieldText(resource.fields[name], record[name], titles.get(name)?.get(Number(record[name])));
        return { text: text === EMPTY ? "" : text, value: cellValue(kinds[i], record[name]) };
      });
    }
  }
}

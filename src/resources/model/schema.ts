/**
 * The zod schemas a declaration's fields give (issue 26): a record as created and as changed, and a
 * list's query in the REST dialect `@refinedev/simple-rest` speaks. The server validates with them and
 * documents them in OpenAPI; the app's forms check the same rules before sending.
 *
 * Values may come as JSON or as multipart form fields (text): numbers, booleans and ids are read from
 * text too, and an optional field left empty is `null`.
 */
import { z } from "zod";
import { BD_PHONE, EXPORT_FORMATS, type ExportFormat, MAX_ID, MAX_INT, cleanText, isValidYmd, tooLongMessage, typedText } from "../../contract";
import { englishText, type LocalText } from "../../i18n/local-text";
import { DEFAULT_LONG_TEXT_MAX, DEFAULT_TEXT_MAX, type Field, type FieldMessages, isSearchable, isSortable, isTextKind } from "./fields";
import type { AnyDataResource } from "./resource";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Bangladeshi mobile number, or a foreign one in international form (+966…). */
const PHONE = new RegExp(`${BD_PHONE.source}|^\\+[1-9]\\d{6,14}$`);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The words of the rules' messages. English (the server's, the API's and the contract's) unless the
 * app passes its language's (src/components/declared/rule-words.ts); a declared message is written as
 * declared, in the language `text` reads it in.
 */
export interface RuleWords {
  text: (text: LocalText) => string;
  required: (label: string) => string;
  minLength: (label: string, min: number) => string;
  email: () => string;
  phone: () => string;
  notValid: (label: string) => string;
  wholeNumber: (label: string) => string;
  atLeast: (label: string, min: number) => string;
  atMost: (label: string, max: number) => string;
  date: (label: string) => string;
  dateTime: (label: string) => string;
  trueOrFalse: (label: string) => string;
  oneOf: (label: string, values: string) => string;
}

export const ENGLISH_RULE_WORDS: RuleWords = {
  text: englishText,
  required: (label) => `${label} is required`,
  minLength: (label, min) => `${label} must be at least ${min} characters`,
  email: () => "Enter a valid email address",
  phone: () => "Enter a valid phone number",
  notValid: (label) => `${label} is not valid`,
  wholeNumber: (label) => `${label} must be a whole number`,
  atLeast: (label, min) => `${label} must be at least ${min}`,
  atMost: (label, max) => `${label} must be at most ${max}`,
  date: (label) => `${label} must be a valid date (YYYY-MM-DD)`,
  dateTime: (label) => `${label} must be a valid date and time`,
  trueOrFalse: (label) => `${label} must be true or false`,
  oneOf: (label, values) => `${label} must be one of ${values}`,
};

export const requiredMessage = (f: Field, words: RuleWords = ENGLISH_RULE_WORDS) =>
  f.messages?.required !== undefined ? words.text(f.messages.required) : words.required(words.text(f.label));

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && cleanText(v) === "");
const wholeNumberText = (v: unknown) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** The rule of one field's value when it is given (not blank). */
export function valueSchema(f: Field, words: RuleWords = ENGLISH_RULE_WORDS): z.ZodType {
  const required = requiredMessage(f, words);
  const label = words.text(f.label);
  const declared = (message: keyof FieldMessages, otherwise: () => string) => {
    const text = f.messages?.[message];
    return text !== undefined ? words.text(text) : otherwise();
  };
  switch (f.kind) {
    case "text": {
      const max = f.max ?? DEFAULT_TEXT_MAX;
      let rule: z.ZodType<string> = typedText(Math.max(1, f.min ?? 1), declared("min", () => (f.min ? words.minLength(label, f.min) : required)), max);
      const pattern = f.format === "email" ? EMAIL : f.format === "phone" ? PHONE : f.pattern ? new RegExp(`^(?:${f.pattern})$`) : undefined;
      const patternMessage = declared("pattern", () => (f.format === "email" ? words.email() : f.format === "phone" ? words.phone() : words.notValid(label)));
      if (pattern) rule = rule.refine((v) => pattern.test(v), patternMessage);
      return rule;
    }
    case "longText":
      return typedText(1, required, f.max ?? DEFAULT_LONG_TEXT_MAX, { multiline: true });
    case "number":
    case "money": {
      const min = f.min ?? (f.kind === "money" ? 0 : -MAX_INT);
      const max = f.max ?? MAX_INT;
      const whole = declared("pattern", () => words.wholeNumber(label));
      return z.preprocess(
        wholeNumberText,
        z
          .number({ error: whole })
          .int(whole)
          .min(min, declared("min", () => words.atLeast(label, min)))
          .max(max, declared("max", () => words.atMost(label, max))),
      );
    }
    case "date": {
      const message = declared("pattern", () => words.date(label));
      return z.string({ error: message }).refine(isValidYmd, message);
    }
    case "dateTime": {
      const message = declared("pattern", () => words.dateTime(label));
      return z
        .string({ error: message })
        .refine((v) => ISO_DATE_TIME.test(v) && isValidYmd(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), message)
        .transform((v) => new Date(v).toISOString());
    }
    case "boolean":
      return z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: words.trueOrFalse(label) }));
    case "enum":
      return z.enum(f.values as [string, ...string[]], { error: declared("pattern", () => words.oneOf(label, f.values.join(", "))) });
    case "reference":
      return z.preprocess(wholeNumberText, z.number({ error: required }).int(required).positive(required).max(MAX_ID, required));
    case "file":
      return z.never();
  }
}

/** One field of a record: given and valid, or (when optional) blank, which is stored as null. */
function fieldSchema(f: Field, mode: "create" | "update", words: RuleWords): z.ZodType {
  const rule = valueSchema(f, words);
  if (f.kind === "boolean" && mode === "create") return z.preprocess((v) => (blank(v) ? false : v), rule);
  if (f.required) {
    const given = z.custom<unknown>((v) => v !== undefined, requiredMessage(f, words));
    const present = z.preprocess((v) => (blank(v) ? undefined : v), given.pipe(rule as z.ZodType<unknown, unknown>));
    return mode === "create" ? present : present.optional();
  }
  return z.preprocess((v) => (blank(v) ? null : v), rule.nullable()).optional();
}

/** Fields held in the record's JSON (every kind but files, which travel as multipart parts). */
export const jsonFields = (resource: AnyDataResource) => Object.entries(resource.fields).filter(([, f]) => f.kind !== "file");
export const fileFields = (resource: AnyDataResource) => Object.entries(resource.fields).filter(([, f]) => f.kind === "file");

/**
 * A record as sent to create (every required field) or to update (PATCH: the fields sent), with the
 * declaration's own rules across fields. Keys it does not declare are dropped.
 */
export function recordSchema(resource: AnyDataResource, mode: "create" | "update", words: RuleWords = ENGLISH_RULE_WORDS): z.ZodType<Record<string, unknown>> {
  const shape = Object.fromEntries(jsonFields(resource).map(([name, f]) => [name, fieldSchema(f, mode, words)]));
  const object = z.object(shape) as unknown as z.ZodType<Record<string, unknown>>;
  return resource.refine ? resource.refine(object, words.text) : object;
}

// ---------------------------------------------------------------- lists

export const MAX_LIST_WINDOW = 100;
export const LIST_OPERATORS = ["", "_ne", "_gte", "_lte", "_like"] as const;
export type ListOperator = (typeof LIST_OPERATORS)[number];

/** The operators a field takes in a list's query: every one for filterable fields, `_like` only for text. */
export function operatorsOf(f: Field): ListOperator[] {
  if (!f.filterable || f.kind === "file") return [];
  return LIST_OPERATORS.filter((op) => op !== "_like" || isTextKind(f));
}

export interface ListFilter {
  field: string;
  operator: ListOperator;
  /** Several for `<field>=a&<field>=b` (any of them). */
  values: unknown[];
}

export interface ListQuery {
  start: number;
  end: number;
  sort: { field: string; order: "asc" | "desc" }[];
  q?: string;
  ids?: number[];
  filters: ListFilter[];
  /** `format=csv` or `xlsx`: the whole list as a file (the window ignored), in `columns` (field names, in order). */
  format?: ExportFormat;
  columns?: string[];
}

export { EXPORT_FORMATS, type ExportFormat };

/** The columns a list exports unless told: every field but files, in the declaration's order. */
export const exportColumnsOf = (resource: AnyDataResource): string[] =>
  Object.entries(resource.fields)
    .filter(([, f]) => f.kind !== "file")
    .map(([name]) => name);

const many = (v: unknown) => (Array.isArray(v) ? v : [v]);

/**
 * `GET /api/<resource>` in simple-rest's dialect: `_start`, `_end` (at most 100 apart), `_sort` and
 * `_order` (comma-separated, as many as there are sorters), `q`, `id` (repeated: getMany), and
 * `<field><operator>` for filterable fields. Anything else is refused, naming what is allowed.
 */
export function listQuerySchema(resource: AnyDataResource): z.ZodType<ListQuery> {
  const sortable = ["id", ...Object.entries(resource.fields).filter(([, f]) => isSortable(f)).map(([name]) => name)];
  const filterKeys = new Map<string, { field: string; operator: ListOperator; rule: z.ZodType }>();
  for (const [name, f] of Object.entries(resource.fields)) {
    for (const operator of operatorsOf(f)) {
      const rule = operator === "_like" ? z.string().transform((v) => cleanText(v)).pipe(z.string().max(100, tooLongMessage(100))) : valueSchema(f);
      filterKeys.set(`${name}${operator}`, { field: name, operator, rule });
    }
  }
  const searchable = Object.values(resource.fields).some(isSearchable);
  const int = (name: string) =>
    z.preprocess(wholeNumberText, z.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).min(0, `${name} must be 0 or more`));
  const known = ["_start", "_end", "_sort", "_order", "id", ...(searchable ? ["q"] : []), ...filterKeys.keys(), "format", "columns"];
  const columnNames = ["id", ...Object.keys(resource.fields)];

  return z
    .record(z.string(), z.unknown())
    .superRefine((query, ctx) => {
      for (const key of Object.keys(query)) {
        if (!known.includes(key)) ctx.addIssue({ code: "custom", path: [key], message: `Unknown query parameter ${key}; this list takes ${known.join(", ")}` });
      }
    })
    .transform((query, ctx): ListQuery => {
      const read = <T,>(key: string, schema: z.ZodType<T>, value: unknown = query[key]): T | undefined => {
        const result = schema.safeParse(value);
        if (result.success) return result.data;
        ctx.addIssue({ code: "custom", path: [key], message: result.error.issues[0]?.message ?? `${key} is not valid` });
        return undefined;
      };
      const start = query._start === undefined ? 0 : (read("_start", int("_start")) ?? 0);
      const end = query._end === undefined ? start + 10 : (read("_end", int("_end")) ?? start);
      if (end < start || end - start > MAX_LIST_WINDOW) {
        ctx.addIssue({ code: "custom", path: ["_end"], message: `_end must be from _start to _start + ${MAX_LIST_WINDOW}` });
      }
      const fields = typeof query._sort === "string" && query._sort !== "" ? query._sort.split(",") : [];
      const orders = typeof query._order === "string" && query._order !== "" ? query._order.split(",") : [];
      const sort = fields.map((field, i) => {
        const order = (orders[i] ?? "asc").toLowerCase();
        if (!sortable.includes(field)) ctx.addIssue({ code: "custom", path: ["_sort"], message: `The list cannot be sorted by ${field}; it can by ${sortable.join(", ")}` });
        if (order !== "asc" && order !== "desc") ctx.addIssue({ code: "custom", path: ["_order"], message: "_order must be asc or desc" });
        return { field, order: order as "asc" | "desc" };
      });
      const q = query.q === undefined ? undefined : read("q", z.string().transform((v) => cleanText(v)).pipe(z.string().max(100, tooLongMessage(100))));
      const ids = query.id === undefined ? undefined : many(query.id).map((v) => read("id", z.preprocess(wholeNumberText, z.number({ error: "id must be a record's id" }).int("id must be a record's id").positive("id must be a record's id").max(MAX_ID, "id must be a record's id")), v) ?? 0);
      const filters: ListFilter[] = [];
      for (const [key, { field, operator, rule }] of filterKeys) {
        if (query[key] === undefined) continue;
        const values = many(query[key]).filter((v) => !(operator === "_like" && typeof v === "string" && cleanText(v) === ""));
        if (values.length === 0) continue;
        filters.push({ field, operator, values: values.map((v) => read(key, rule, v)) });
      }
      const format = query.format === undefined ? undefined : read("format", z.enum(EXPORT_FORMATS, { error: `format must be ${EXPORT_FORMATS.join(" or ")}` }));
      let columns: string[] | undefined;
      if (query.columns !== undefined) {
        columns = typeof query.columns === "string" ? query.columns.split(",").filter((c) => c !== "") : [];
        const unknown = columns.filter((c) => !columnNames.includes(c));
        if (columns.length === 0 || unknown.length > 0) {
          ctx.addIssue({ code: "custom", path: ["columns"], message: `columns must name the list's columns, comma-separated: ${columnNames.join(", ")}` });
        }
      }
      return { start, end, sort, q: q === "" ? undefined : q, ids, filters, format, columns };
    }) as unknown as z.ZodType<ListQuery>;
}

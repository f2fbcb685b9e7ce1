/**
 * The zod schemas of a declared resource's routes. Fastify validates with them (a failure is a 400
 * with the field's message, server/app.ts) and @fastify/swagger documents the routes from them at
 * /api/openapi.json. Inputs are validated by the model's own schemas (`recordSchema`,
 * `listQuerySchema`), reached through a first stage that only documents each field and key: those
 * schemas read text as well as JSON values, which a JSON Schema cannot say. Outputs are plain
 * schemas without transforms (the serializer encodes replies through them).
 */
import { englishText } from "../../src/i18n/local-text";
import { z } from "zod";
import { MAX_ID, UPLOAD_CONTENT_TYPES, idParamSchema } from "../../src/contract";
import {
  type AnyDataResource,
  DEFAULT_LONG_TEXT_MAX,
  DEFAULT_TEXT_MAX,
  type Field,
  EXPORT_FORMATS,
  exportColumnsOf,
  MAX_LIST_WINDOW,
  isSearchable,
  isSortable,
  type ListQuery,
  listQuerySchema,
  operatorsOf,
  recordSchema,
  rolesFor,
} from "../../src/resources/model";

export { idParamSchema };

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a field's value as sent. */
function fieldJsonSchema(f: Field): JsonSchema {
  switch (f.kind) {
    case "text": {
      const format = f.format === "email" ? { format: "email" } : f.pattern ? { pattern: `^(?:${f.pattern})$` } : {};
      return { type: "string", minLength: f.min ?? 1, maxLength: f.max ?? DEFAULT_TEXT_MAX, ...format };
    }
    case "longText":
      return { type: "string", maxLength: f.max ?? DEFAULT_LONG_TEXT_MAX };
    case "number":
    case "money":
      return { type: "integer", ...(f.min !== undefined ? { minimum: f.min } : f.kind === "money" ? { minimum: 0 } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}) };
    case "date":
      return { type: "string", format: "date" };
    case "dateTime":
      return { type: "string", format: "date-time" };
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { type: "string", enum: [...f.values] };
    case "reference":
      return { type: "integer", minimum: 1, maximum: MAX_ID, description: `${englishText(f.label)}: the id of a record of ${f.to}` };
    case "file":
      return { type: "string", format: "binary", description: `${englishText(f.label)}: a PDF, PNG or JPEG part of a multipart/form-data body; empty or null removes the stored file` };
  }
}

const documented = (f: Field, nullable: boolean) => {
  const schema = fieldJsonSchema(f);
  return { title: englishText(f.label), ...schema, ...(nullable ? { type: [schema.type, "null"] } : {}) };
};

/**
 * A record as sent to create or update: JSON, or multipart/form-data (each field a form field of its
 * name, each file a part named by its field). Validated by `recordSchema`.
 */
export function recordBodySchema(resource: AnyDataResource, mode: "create" | "update") {
  const shape = Object.fromEntries(Object.entries(resource.fields).map(([name, f]) => [name, z.unknown().optional().meta(documented(f, !f.required))]));
  const required = mode === "create" ? Object.entries(resource.fields).filter(([, f]) => f.required && f.kind !== "file").map(([name]) => name) : [];
  return z.object(shape).loose().meta({ required }).pipe(recordSchema(resource, mode) as z.ZodType<Record<string, unknown>, Record<string, unknown>>);
}

/** `GET /api/<name>`'s query in simple-rest's dialect, each key documented; validated by `listQuerySchema`. */
export function listQueryRouteSchema(resource: AnyDataResource) {
  const integer = (description: string) => z.unknown().optional().meta({ type: "integer", minimum: 0, description });
  const sortable = ["id", ...Object.entries(resource.fields).filter(([, f]) => isSortable(f)).map(([name]) => name)];
  const searched = Object.entries(resource.fields).filter(([, f]) => isSearchable(f)).map(([, f]) => englishText(f.label));
  const shape: Record<string, z.ZodType> = {
    _start: integer("The first record's index (0 for the first)"),
    _end: integer(`The index after the last record; at most _start + ${MAX_LIST_WINDOW} (default _start + 10)`),
    _sort: z.unknown().optional().meta({ type: "string", description: `Fields to sort by, comma-separated: ${sortable.join(", ")}; then by id` }),
    _order: z.unknown().optional().meta({ type: "string", description: "asc or desc for each field of _sort, comma-separated" }),
    id: z.unknown().optional().meta({ type: "array", items: { type: "integer", minimum: 1 }, description: "Only these records (repeat the key)" }),
  };
  if (searched.length > 0) shape.q = z.unknown().optional().meta({ type: "string", maxLength: 100, description: `Text found anywhere in ${searched.join(", ")}, ignoring case` });
  const meaning: Record<string, string> = { "": "equal to any of the values (repeat the key); text ignoring case", _ne: "none of the values", _gte: "at least", _lte: "at most", _like: "containing the text, ignoring case" };
  for (const [name, f] of Object.entries(resource.fields)) {
    for (const operator of operatorsOf(f)) {
      const schema = operator === "_like" ? { type: "string", maxLength: 100 } : fieldJsonSchema(f);
      shape[`${name}${operator}`] = z.unknown().optional().meta({ ...schema, description: `${englishText(f.label)}: ${meaning[operator]}` });
    }
  }
  if (rolesFor(resource, "export").length > 0) {
    shape.format = z.unknown().optional().meta({ type: "string", enum: [...EXPORT_FORMATS], description: "csv or xlsx: the whole list as a file (CSV in UTF-8 with a BOM; Excel up to EXPORT_XLSX_MAX_ROWS rows), in the list's order, _start and _end ignored; for the roles the declaration lets export" });
    shape.columns = z.unknown().optional().meta({ type: "string", description: `With format: the columns, comma-separated, in order (default ${exportColumnsOf(resource).join(",")})` });
  }
  return z.object(shape).loose().pipe(listQuerySchema(resource) as z.ZodType<ListQuery, Record<string, unknown>>);
}

const fileOutput = z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable();

function fieldOutput(f: Field): z.ZodType {
  const value = (() => {
    switch (f.kind) {
      case "text":
      case "longText":
        return z.string();
      case "number":
      case "money":
      case "reference":
        return z.number().int();
      case "date":
        return z.string().meta({ format: "date" });
      case "dateTime":
        return z.string().meta({ format: "date-time" });
      case "boolean":
        return z.boolean();
      case "enum":
        return z.enum(f.values as [string, ...string[]]);
      case "file":
        return fileOutput;
    }
  })();
  return (f.required || f.kind === "boolean" || f.kind === "file" ? value : value.nullable()).meta({ title: englishText(f.label) });
}

/** A record as answered: id, the fields, createdAt and updatedAt when the table has them. */
export function recordOutputSchema(resource: AnyDataResource) {
  const system = (resource.systemColumns ?? true) ? { createdAt: z.string().meta({ format: "date-time" }), updatedAt: z.string().meta({ format: "date-time" }) } : {};
  return z.object({
    id: z.number().int(),
    ...Object.fromEntries(Object.entries(resource.fields).map(([name, f]) => [name, fieldOutput(f)])),
    ...system,
  });
}

export const historyOutputSchema = z.array(
  z.object({
    id: z.number().int(),
    at: z.string().meta({ format: "date-time" }),
    user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    action: z.enum(["created", "updated", "deleted"]),
    changes: z.array(z.object({ field: z.string(), label: z.string(), from: z.unknown(), to: z.unknown() })),
    importedFrom: z.string().nullable().meta({ description: "The spreadsheet's file name when an import created the record; null otherwise" }),
  }),
);

/** A file's download: its bytes, of one of the upload types (Fastify sends a Buffer as it is). */
const fileBytes = z.string().meta({ format: "binary" });
/** A list's 200: the JSON array, or with `format=csv` the file. */
export const listReplySchema = (record: z.ZodType) => ({
  description: "The window's records (X-Total-Count: the list's total), or with format the whole list as a file",
  content: {
    "application/json": { schema: z.array(record) },
    "text/csv": { schema: z.string().meta({ description: "CSV, UTF-8 with a BOM" }) },
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().meta({ format: "binary", description: "An Excel workbook" }) },
  },
});

export const fileDownloadSchema = {
  description: "The file",
  content: Object.fromEntries(UPLOAD_CONTENT_TYPES.map((type) => [type, { schema: fileBytes }])),
};

/** The spec's envelope around a reply (the legacy dialect). */
export const envelopeSchema = <T extends z.ZodType>(replyMessage: T) =>
  z.object({ success: z.literal(true), replyMessage, message: z.string().nullable(), errorMessage: z.null() });

import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import { fileFields, jsonFields, recordSchema, type RuleWords } from "../../resources/model/schema";
import type { AnyDataResource } from "../../resources/model/resource";
import { isStoredFile } from "../../resources/model/field-text";

export type FormValues = Record<string, unknown>;

/** A new record's form: text empty, booleans off, the rest unset. */
export function emptyValues(data: AnyDataResource): FormValues {
  return Object.fromEntries(
    Object.entries(data.fields).map(([name, f]) => [name, f.kind === "boolean" ? false : f.kind === "text" || f.kind === "longText" ? "" : null]),
  );
}

/**
 * The server's own rules (recordSchema, as a record is created: the form holds every field), so the
 * form says what the server would, before sending. The schema drops file fields, which it does not
 * check: they are kept as the form holds them.
 */
export function declaredResolver(data: AnyDataResource, words?: RuleWords): Resolver<FieldValues> {
  const check = zodResolver(recordSchema(data, "create", words) as never) as unknown as Resolver<FieldValues>;
  const files = fileFields(data).map(([name]) => name);
  return async (values, context, options) => {
    const result = await check(values, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    return { values: { ...result.values, ...Object.fromEntries(files.map((name) => [name, values[name]])) }, errors: {} };
  };
}

/**
 * What is sent: every checked field; a file only when chosen (a File) or removed (null, when the record
 * had one). A stored file left as it was is not sent, which keeps it.
 */
export function variablesOf(data: AnyDataResource, checked: FormValues, stored?: FormValues): FormValues {
  const variables: FormValues = Object.fromEntries(jsonFields(data).map(([name]) => [name, checked[name]]));
  for (const [name] of fileFields(data)) {
    const value = checked[name];
    if (typeof File !== "undefined" && value instanceof File) variables[name] = value;
    else if ((value === null || value === undefined) && isStoredFile(stored?.[name])) variables[name] = null;
  }
  return variables;
}

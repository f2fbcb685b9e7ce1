/**
 * Fields declared `unique`: no two records hold one value, text compared without regard to case (the
 * generated unique index is on lower(column)). A taken value answers 409 with the field's
 * `messages.unique` ("{value}" filled in; "<Label> {value} is already in use" by default) as the message
 * and under the field. The value is looked for before the write; two writes at once are settled by the
 * unique index, whose refusal answers the same.
 */
import { englishText } from "../../src/i18n/local-text";
import { type Kysely, sql } from "kysely";
import { type AnyDataResource, columnOf, fillText, isTextKind, tableOf } from "../../src/resources/model";
import { type ApiError, conflict } from "../http/errors";
import { toColumnValue } from "./columns";

export function valueTaken(resource: AnyDataResource, name: string, value: unknown): ApiError {
  const field = resource.fields[name];
  const message = fillText(englishText(field.messages?.unique ?? `${englishText(field.label)} {value} is already in use`), { value: String(value) });
  return conflict(message, { [name]: message });
}

const uniqueFields = (resource: AnyDataResource) => Object.entries(resource.fields).filter(([, f]) => f.unique && f.kind !== "file");

/** Refuses (409) a unique value of `values` that another record than `exceptId` holds. */
export async function assertUniqueFree(db: Kysely<any>, resource: AnyDataResource, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  for (const [name, field] of uniqueFields(resource)) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    const column = sql.ref(columnOf(name));
    const same = isTextKind(field) ? sql<boolean>`lower(${column}) = lower(${value})` : sql<boolean>`${column} = ${toColumnValue(field, value)}`;
    let query = db.selectFrom(tableOf(resource)).select("id").where(same);
    if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
    if (await query.limit(1).executeTakeFirst()) throw valueTaken(resource, name, value);
  }
}

export const isUniqueViolation = (error: unknown) => ["SQLITE_CONSTRAINT_UNIQUE", "23505"].includes((error as { code?: string }).code ?? "");

/**
 * The 409 for a write the unique index refused, naming the field whose index it was (PostgreSQL names
 * the constraint, SQLite the index or the column), else the first unique field the write sent.
 */
export function uniqueViolation(resource: AnyDataResource, error: unknown, values: Record<string, unknown>): ApiError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const said = `${(error as { constraint?: string }).constraint ?? ""} ${(error as Error).message ?? ""}`;
  const table = tableOf(resource);
  const sent = uniqueFields(resource).filter(([name]) => values[name] !== undefined && values[name] !== null);
  const named = sent.find(([name]) => said.includes(`${table}_${columnOf(name)}_key`) || said.includes(`${table}.${columnOf(name)}`));
  const [name] = named ?? sent[0] ?? [];
  return name === undefined ? undefined : valueTaken(resource, name, values[name]);
}

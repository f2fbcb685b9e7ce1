/**
 * What a declared import asks the database, for all its rows at once, a chunk of values a query (a
 * query's parameters are limited): the records a reference's titles name, and the unique values
 * stored already. Text compares whatever its case, as the unique indexes do (lower(); ASCII on SQLite).
 */
import { englishText } from "../../../src/i18n/local-text";
import { type Kysely, sql } from "kysely";
import { type AnyDataResource, type Field, columnOf, isTextKind, tableOf } from "../../../src/resources/model";
import { fromColumnValue, toColumnValue } from "../columns";

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The key two values are one by: text whatever its case, anything else as written on the wire. */
export const valueKey = (field: Field | undefined, value: unknown) => (field === undefined || isTextKind(field) ? String(value).toLowerCase() : String(value));

/** What a reference names: the declared resource's table and title, or users by username. */
export interface ReferenceTarget {
  table: string;
  column: string;
  titleField: Field | undefined;
  /** "employer", for messages. */
  one: string;
}

export function referenceTarget(resources: readonly AnyDataResource[], to: string): ReferenceTarget {
  const target = resources.find((r) => r.name === to);
  if (!target) return { table: "users", column: "username", titleField: undefined, one: "user" };
  return { table: tableOf(target), column: columnOf(target.title), titleField: target.fields[target.title], one: englishText(target.label.one).toLowerCase() };
}

/** The ids of the records each title names (by its key): one, or several when the title is ambiguous. */
export async function idsByTitle(db: Kysely<any>, target: ReferenceTarget, titles: readonly string[]): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const text = target.titleField === undefined || isTextKind(target.titleField);
  const column = sql.ref(target.column);
  for (const chunk of chunks([...new Set(titles.map((t) => valueKey(target.titleField, t)))])) {
    const matches = text ? sql<boolean>`lower(${column}) in (${sql.join(chunk.map((t) => sql`lower(${t})`))})` : sql<boolean>`cast(${column} as text) in (${sql.join(chunk)})`;
    const rows = await db.selectFrom(target.table).select(["id", `${target.column} as title`]).where(matches).orderBy("id").execute();
    for (const row of rows as { id: number; title: unknown }[]) {
      const key = valueKey(target.titleField, fromColumnValue(target.titleField ?? { kind: "text", label: "" }, row.title));
      found.set(key, [...(found.get(key) ?? []), Number(row.id)]);
    }
  }
  return found;
}

/** Of these values of a unique field (wire values), the keys of those a stored record holds. */
export async function storedValues(db: Kysely<any>, resource: AnyDataResource, name: string, values: readonly unknown[]): Promise<Set<string>> {
  const field = resource.fields[name];
  const column = sql.ref(columnOf(name));
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(values.filter((v) => v !== null && v !== undefined))])) {
    const matches = isTextKind(field)
      ? sql<boolean>`lower(${column}) in (${sql.join(chunk.map((v) => sql`lower(${v})`))})`
      : sql<boolean>`${column} in (${sql.join(chunk.map((v) => toColumnValue(field, v)))})`;
    const rows = await db.selectFrom(tableOf(resource)).select(`${columnOf(name)} as value`).where(matches).execute();
    for (const row of rows as { value: unknown }[]) found.add(valueKey(field, fromColumnValue(field, row.value)));
  }
  return found;
}

/**
 * The one place where values are normalised between the dialects: SQLite stores booleans as 0/1 and
 * timestamps as ISO text; PostgreSQL answers booleans, Date objects and bigint counts as strings.
 */
import pg from "pg";

/** Booleans are written as 0/1: better-sqlite3 cannot bind JS booleans and PostgreSQL accepts "1"/"0". */
export const toDbBool = (value: boolean): number => (value ? 1 : 0);

export const fromDbBool = (value: unknown): boolean => value === true || value === 1 || value === "1";

/** Instants are written as UTC ISO text: SQLite keeps and orders it as text, PostgreSQL reads it into timestamptz. */
export const toDbTimestamp = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export const nowIso = (): string => toDbTimestamp(new Date());

export function fromDbTimestamp(value: unknown): string;
export function fromDbTimestamp(value: unknown, nullable: true): string | null;
export function fromDbTimestamp(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** A date column holds a calendar date (YYYY-MM-DD, PostgreSQL `date`) or an instant (a timestamp). */
export type DateKind = "date" | "timestamp";

/** A date as written to a column of that kind; null clears it. */
export const toDbDate = (kind: DateKind, value: string | null): string | null =>
  value !== null && kind === "timestamp" ? toDbTimestamp(value) : value;

/** A date column read back in the form toDbDate wrote it. */
export const fromDbDate = (kind: DateKind, value: unknown): string | null =>
  kind === "timestamp" ? fromDbTimestamp(value, true) : ((value ?? null) as string | null);

export const fromDbCount = (value: unknown): number => Number(value ?? 0);

/** PostgreSQL `date` columns come back as YYYY-MM-DD text, never as a Date shifted by the time zone. */
const PG_DATE_OID = 1082;
pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);

/**
 * The one place where values are normalised between the dialects: SQLite stores booleans as 0/1 and
 * timestamps as ISO text; PostgreSQL answers booleans, Date objects and bigint counts as strings.
 */
import pg from "pg";

/** Booleans are written as 0/1: better-sqlite3 cannot bind JS booleans and PostgreSQL accepts "1"/"0". */
export const toDbBool = (value: boolean): number => (value ? 1 : 0);

export const fromDbBool = (value: unknown): boolean => value === true || value === 1 || value === "1";

export const nowIso = (): string => new Date().toISOString();

export function fromDbTimestamp(value: unknown): string;
export function fromDbTimestamp(value: unknown, nullable: true): string | null;
export function fromDbTimestamp(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export const fromDbCount = (value: unknown): number => Number(value ?? 0);

/** PostgreSQL `date` columns come back as YYYY-MM-DD text, never as a Date shifted by the time zone. */
const PG_DATE_OID = 1082;
pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);

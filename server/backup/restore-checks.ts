/** What a restored database must show before it is served: SQLite's integrity check, and the migrations this code knows. */
import SQLite from "better-sqlite3";
import pg from "pg";
import { migrationFiles } from "../db/migrate";
import { BackupError } from "./errors";

export interface RestoredLevel {
  /** Migrations recorded in the restored database. */
  applied: number;
  /** Migrations this code has that the backup had not run yet: the server applies them when it starts. */
  pending: string[];
}

/** Refuses a backup made by a newer version of the app (a migration this code does not have). */
export async function migrationLevel(applied: readonly string[]): Promise<RestoredLevel> {
  if (applied.length === 0) throw new BackupError("The backup holds no migrations: it is not a database of this app");
  const known = (await migrationFiles()).map(([name]) => name);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(`The backup was made by a newer version of the app (migrations ${unknown.join(", ")} are unknown here): restore it with that version or a later one`);
  }
  return { applied: applied.length, pending: known.filter((name) => !applied.includes(name)) };
}

const MIGRATIONS_TABLE = "kysely_migration";

/** PRAGMA integrity_check and foreign_key_check of a SQLite file, then its migrations. */
export async function checkSqliteFile(file: string): Promise<RestoredLevel> {
  try {
    return await checkedSqlite(file);
  } catch (error) {
    if (error instanceof SQLite.SqliteError) throw new BackupError(`The backup is damaged: SQLite says "${error.message}"`);
    throw error;
  }
}

async function checkedSqlite(file: string): Promise<RestoredLevel> {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const integrity = db.pragma("integrity_check") as { integrity_check: string }[];
    const problems = integrity.map((row) => row.integrity_check).filter((said) => said !== "ok");
    if (problems.length > 0) throw new BackupError(`The backup fails SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
    const orphans = db.pragma("foreign_key_check") as { table: string }[];
    if (orphans.length > 0) throw new BackupError(`The backup has ${orphans.length} rows whose references are missing (first in table ${orphans[0].table})`);
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
    const applied = hasTable ? (db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).pluck().all() as string[]) : [];
    return await migrationLevel(applied);
  } finally {
    db.close();
  }
}

export async function checkPostgres(databaseUrl: string): Promise<RestoredLevel> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query("SELECT to_regclass($1) AS t", [MIGRATIONS_TABLE]);
    const applied = tables[0].t ? (await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)).rows.map((r) => r.name) : [];
    return await migrationLevel(applied);
  } finally {
    await client.end();
  }
}

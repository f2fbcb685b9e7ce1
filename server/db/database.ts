/** Opens the database named by DATABASE_URL: better-sqlite3 (embedded) or PostgreSQL. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { sqlitePath } from "../config";
import type { DB } from "./schema";
import "./values";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

export function openDatabase(databaseUrl: string): Database {
  const file = sqlitePath(databaseUrl);
  if (file !== undefined) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // Reads through a memory map instead of a read() per page: get-attachments reads each document
    // in slices, and SQLite loads the whole blob for each slice (3x faster this way).
    sqlite.pragma("mmap_size = 268435456");
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/**
 * What the migrations build so far, for the generator to add only what is missing. The migrations run
 * on a throwaway in-memory SQLite database, which is then read back (tables, their columns, indexes):
 * the truth of every migration, hand-written or generated, without parsing TypeScript. PostgreSQL's own
 * indexes (the trigram ones) have no SQLite counterpart; their names are read from the migrations'
 * text instead, where generated migrations spell every statement literally.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { openDatabase } from "../database";
import { migrateToLatest, migrationFiles } from "../migrate";

export interface ExistingColumn {
  name: string;
  /** SQLite's declared type, lower-cased ("integer", "text"...). */
  type: string;
}

export interface ExistingSchema {
  tables: Map<string, ExistingColumn[]>;
  /** Index names on either database. */
  indexes: Set<string>;
  /** What SQLite's indexes index (`indexDefinition`), to know one of another name (slots_name_key). */
  indexDefinitions: Set<string>;
  /** The migrations' names, in order. */
  migrations: string[];
}

const CREATE_INDEX = /create\s+(?:unique\s+)?index\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi;

/** "create unique index x on t (lower(c))" → "unique t(lower(c))": an index by what it holds, whatever its name. */
export function indexDefinition(statement: string): string | undefined {
  const match = /^\s*create\s+(unique\s+)?index\s+(?:if\s+not\s+exists\s+)?\S+\s+on\s+("?\w+"?)\s*(\(.*\))\s*$/is.exec(statement);
  if (!match) return undefined;
  const compact = (text: string) => text.replace(/["`\s]/g, "").toLowerCase();
  return `${match[1] ? "unique " : ""}${compact(match[2])}${compact(match[3])}`;
}

export async function readExistingSchema(extraFolders: readonly string[] = []): Promise<ExistingSchema> {
  const database = openDatabase("sqlite::memory:");
  try {
    await migrateToLatest(database.db, "sqlite", extraFolders);
    const tables = new Map<string, ExistingColumn[]>();
    const { rows: tableRows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db);
    for (const { name } of tableRows) {
      const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(database.db);
      tables.set(name, rows.map((r) => ({ name: r.name, type: r.type.toLowerCase() })));
    }
    const { rows: indexRows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'index'`.execute(database.db);
    const indexes = new Set(indexRows.map((r) => r.name));
    const indexDefinitions = new Set(indexRows.flatMap((r) => (r.sql ? (indexDefinition(r.sql) ?? []) : [])));
    const files = await migrationFiles(extraFolders);
    for (const [, url] of files) {
      for (const match of (await readFile(fileURLToPath(url), "utf8")).matchAll(CREATE_INDEX)) indexes.add(match[1]);
    }
    return { tables, indexes, indexDefinitions, migrations: files.map(([name]) => name) };
  } finally {
    await database.close();
  }
}

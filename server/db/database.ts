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

/**
 * PostgreSQL sessions that plan the lists' text filters one way only: the planner misjudges LIKE (it
 * takes "%an%" for a few rows in a million) and would otherwise walk a whole status in index order to
 * count, or read it whole and sort for a page. Each is a pool of its own, one connection per status, as
 * a list reads its statuses at once.
 */
export interface TextSearch {
  /** Bitmap scans only: counts in the trigram indexes. */
  trigrams: Kysely<DB>;
  /** Indexes read in their order only (no sequential scan, bitmap or sort): pages of many matches, newest first. */
  inOrder: Kysely<DB>;
}

export interface Database {
  db: Kysely<DB>;
  /**
   * Where the stored documents' bytes are read (get-attachments). On SQLite a read-only connection of
   * its own that reads the file through a memory map; elsewhere `db` itself.
   */
  documents: Kysely<DB>;
  /** Where the lists' text filters are read (passports/list/search/postgres.ts): on SQLite `db` itself. */
  textSearch: TextSearch;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * Reads the file through a memory map instead of a read() per page: get-attachments reads each
 * document in slices, and SQLite loads the whole blob for each slice (3x faster this way). Only on the
 * documents' connection: the pages a map has touched count in the process's memory, and the lists,
 * which read indexes all over a large file, would take it to 500 MB (issue 12: at most 250 MB).
 */
const DOCUMENTS_MMAP_BYTES = 268435456;

export function openDatabase(databaseUrl: string): Database {
  const file = sqlitePath(databaseUrl);
  if (file !== undefined) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("synchronous = NORMAL");
    // The lists read a few hot indexes at random (docs/lists.md): 32 MB of page cache keeps them in memory
    // (64 MB answered no faster at 10^6 passports and took the server to the edge of its 250 MB).
    sqlite.pragma("cache_size = -32768");
    // Refreshes the planner's statistics when tables have grown: a sample of each index (analysis_limit), so quick.
    sqlite.pragma("analysis_limit = 400");
    sqlite.pragma("optimize = 0x10002");
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    // An in-memory database exists in its one connection only.
    if (file === ":memory:") return { db, documents: db, textSearch: { trigrams: db, inOrder: db }, dialect: "sqlite", close: () => db.destroy() };
    const reader = new SQLite(file, { readonly: true });
    reader.pragma("busy_timeout = 5000");
    reader.pragma("cache_size = -2048"); // the blobs are read through the map, not the page cache
    reader.pragma(`mmap_size = ${DOCUMENTS_MMAP_BYTES}`);
    const documents = new Kysely<DB>({ dialect: new SqliteDialect({ database: reader }) });
    return {
      db,
      documents,
      textSearch: { trigrams: db, inOrder: db },
      dialect: "sqlite",
      close: async () => {
        await documents.destroy();
        await db.destroy();
        // Kysely closes a connection only once a query has opened it: the documents' one often has not.
        for (const connection of [reader, sqlite]) if (connection.open) connection.close();
      },
    };
  }
  // JIT compilation pays off for long reports, not for lists answered in milliseconds: it would add tens of ms.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: "-c jit=off" });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const pooled = (settings: string[]) =>
    new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 6, options: ["-c jit=off", ...settings].join(" ") }) }) });
  const textSearch: TextSearch = {
    trigrams: pooled(["-c enable_indexscan=off", "-c enable_indexonlyscan=off"]),
    inOrder: pooled(["-c enable_seqscan=off", "-c enable_bitmapscan=off", "-c enable_sort=off"]),
  };
  return {
    db,
    documents: db,
    textSearch,
    dialect: "postgres",
    close: async () => {
      await textSearch.trigrams.destroy();
      await textSearch.inOrder.destroy();
      await db.destroy();
    },
  };
}

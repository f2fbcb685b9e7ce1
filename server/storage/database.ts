/** Stored files whose bytes are in their row (STORAGE_URL unset, or stored before it was set). */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";

/** The tables holding stored files, each with `bytes` and `object_key` (migration 0020). */
export const DOCUMENT_TABLES = ["passport_documents", "record_files", "user_files"] as const;
export type DocumentTable = (typeof DOCUMENT_TABLES)[number];

/** Bytes read from the database at a time (SQLite loads the whole blob for each, so not too few). */
export const SLICE_BYTES = 3 * 256 * 1024;

/**
 * A row's bytes in slices of SLICE_BYTES: better-sqlite3 cannot stream a blob; substr() on the bytes
 * reads a slice on SQLite and PostgreSQL alike. Files are never changed in place, only replaced by a
 * new row: a row that disappears while being read throws, never mixes files.
 */
export async function* rowSlices(db: Kysely<DB>, table: DocumentTable, id: number, length: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < length; offset += SLICE_BYTES) {
    const slice = await (db as Kysely<any>)
      .selectFrom(table)
      .select(sql<Buffer>`substr(bytes, ${offset + 1}, ${SLICE_BYTES})`.as("bytes"))
      .where("id", "=", id)
      .executeTakeFirst();
    if (!slice) throw new Error(`${table} row ${id} was replaced while being sent`);
    yield Buffer.from(slice.bytes);
  }
}

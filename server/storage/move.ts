/**
 * `npm run storage:move -- --to s3|database` (docs/storage.md "Moving"): stored files' bytes from their
 * rows to objects, or back. Each row is moved on its own: copied, then its row switched in one UPDATE
 * (its own transaction) that holds only if the row is still as it was read, then the source dropped.
 * A run stopped anywhere leaves each row whole on one side, so a rerun continues with what is left.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { DOCUMENT_TABLES, type DocumentTable } from "./database";
import type { DocumentStorage } from "./index";
import type { ObjectStore } from "./s3";

export type MoveTarget = "s3" | "database";

export interface MoveProgress {
  table: DocumentTable;
  /** Rows of this table moved by this run so far. */
  moved: number;
  /** Rows of this table left to move when it started. */
  total: number;
}

export interface MoveOptions {
  to: MoveTarget;
  /** Rows read per query (ids only: each row's bytes are read on their own). */
  batch?: number;
  /** Stop after moving this many rows (a rerun goes on). */
  limit?: number;
  /** Called after each batch. */
  onProgress?: (progress: MoveProgress) => void;
}

const EMPTY = Buffer.alloc(0);
const any = (db: Kysely<DB>) => db as unknown as Kysely<any>;

/** The words of a table's object keys (as DocumentStorage.write names new files'). */
function placeOf(table: DocumentTable, row: { kind?: string; resource?: string; field?: string }): string[] {
  if (table === "record_files") return ["records", row.resource!, row.field!];
  return [table === "passport_documents" ? "passports" : "users", row.kind!];
}

const placeColumns = (table: DocumentTable) => (table === "record_files" ? ["resource", "field"] : ["kind"]);

/** Moves the files not yet where `to` says; answers how many it moved. */
export async function moveDocuments(db: Kysely<DB>, storage: DocumentStorage, options: MoveOptions): Promise<number> {
  const objects = storage.objects;
  if (!objects) throw new Error("STORAGE_URL is not set: the bucket to move documents to or from is unknown");
  const batch = options.batch ?? 100;
  let moved = 0;
  for (const table of DOCUMENT_TABLES) {
    const waiting = any(db).selectFrom(table).where("object_key", options.to === "s3" ? "is" : "is not", null);
    const { n } = await waiting.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const progress: MoveProgress = { table, moved: 0, total: Number(n) };
    let after = 0;
    while (options.limit === undefined || moved < options.limit) {
      const rows = await waiting
        .select(["id", "object_key", "content_type", ...placeColumns(table)])
        .where("id", ">", after)
        .orderBy("id")
        .limit(batch)
        .execute();
      for (const row of rows) {
        if (options.limit !== undefined && moved >= options.limit) break;
        const done = options.to === "s3" ? await toObject(db, objects, table, row) : await toRow(db, objects, table, row);
        if (done) {
          moved++;
          progress.moved++;
        }
        after = Number(row.id);
      }
      options.onProgress?.({ ...progress });
      if (rows.length < batch) break;
    }
  }
  return moved;
}

/** Row → object. False when the row changed meanwhile (replaced or deleted): the copy is deleted. */
async function toObject(db: Kysely<DB>, objects: ObjectStore, table: DocumentTable, row: Record<string, any>): Promise<boolean> {
  const source = await any(db).selectFrom(table).select("bytes").where("id", "=", row.id).where("object_key", "is", null).executeTakeFirst();
  if (!source) return false;
  const key = objects.newKey(...placeOf(table, row));
  await objects.put(key, Buffer.from(source.bytes), row.content_type);
  const result = await any(db).updateTable(table).set({ object_key: key, bytes: EMPTY }).where("id", "=", row.id).where("object_key", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  await objects.delete(key);
  return false;
}

/** Object → row. The object is deleted only once the row holds the bytes. */
async function toRow(db: Kysely<DB>, objects: ObjectStore, table: DocumentTable, row: Record<string, any>): Promise<boolean> {
  const key: string = row.object_key;
  const bytes = await objects.readWhole(key);
  const result = await any(db).updateTable(table).set({ object_key: null, bytes }).where("id", "=", row.id).where("object_key", "=", key).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false; // replaced meanwhile: its writer drops the object
  await objects.delete(key);
  return true;
}

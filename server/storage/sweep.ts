/**
 * `npm run storage:sweep` (docs/storage.md "Sweeping orphans"): finds the objects of the bucket that no
 * row names (a delete that failed after its commit, a crash between a put and its row's commit) and,
 * when asked, deletes them. The listing is read a page at a time, and each page's keys are looked up in
 * the database (`object_key in (...)`), so memory holds one page, whatever the size of the bucket or
 * of the database.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { DOCUMENT_TABLES } from "./database";
import { LIST_PAGE_MAX, type ListedObject, type ObjectStore } from "./s3";

/** The folders under the prefix that hold stored files' objects (their keys: docs/storage.md "Keys"). */
export const DOCUMENT_FOLDERS = ["passports", "records", "users"] as const;

/** Objects younger than this may belong to an upload whose row is not committed yet (24 hours). */
export const DEFAULT_OLDER_THAN_MS = 24 * 60 * 60 * 1000;

/** Deletes sent at once. */
const DELETE_CONCURRENCY = 8;

export interface SweepOptions {
  /** Delete the orphans; otherwise only list them (a dry run). */
  delete?: boolean;
  /** Only objects last modified longer ago than this can be orphans (default DEFAULT_OLDER_THAN_MS). */
  olderThanMs?: number;
  /** Keys per listing page, at most 1000 (tests use a few, to list several pages). */
  pageSize?: number;
  /** The time ages are measured from (default: when the sweep starts). */
  now?: Date;
  /** Called for each orphan found, before it is deleted. */
  onOrphan?: (orphan: ListedObject) => void;
  /** Called for each orphan whose delete failed; the sweep goes on. */
  onDeleteError?: (orphan: ListedObject, error: unknown) => void;
}

export interface SweepResult {
  /** Objects listed under the document folders. */
  listed: number;
  /** Of those, objects a row names. */
  referenced: number;
  /** Unnamed objects kept because they are younger than the limit. */
  young: number;
  orphans: number;
  orphanBytes: number;
  deleted: number;
  deletedBytes: number;
  /** Orphans whose delete failed (each reported to onDeleteError). */
  failed: number;
}

/** Of `keys`, those some row of DOCUMENT_TABLES names. */
async function namedKeys(db: Kysely<DB>, keys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  if (keys.length === 0) return named;
  for (const table of DOCUMENT_TABLES) {
    const rows = await (db as unknown as Kysely<any>).selectFrom(table).select("object_key").where("object_key", "in", keys).execute();
    for (const row of rows) named.add(row.object_key);
  }
  return named;
}

/** Whether any row of DOCUMENT_TABLES names an object. */
async function anyObjectNamed(db: Kysely<DB>): Promise<boolean> {
  for (const table of DOCUMENT_TABLES) {
    const row = await (db as unknown as Kysely<any>).selectFrom(table).select("id").where("object_key", "is not", null).limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export const NO_OBJECT_NAMED =
  "The database names no stored object, so every object of the bucket would be deleted: is DATABASE_URL the servers' database (not an empty one, a copy or an older backup)? Nothing was deleted. A dry run (without --delete) lists what it would delete.";

/**
 * Lists the orphans older than the limit and, with `delete`, deletes them. A delete against a database
 * that names no object at all is refused: it is far likelier the wrong database than a bucket of orphans.
 */
export async function sweepOrphans(db: Kysely<DB>, objects: ObjectStore, options: SweepOptions = {}): Promise<SweepResult> {
  if (options.delete && !(await anyObjectNamed(db))) throw new Error(NO_OBJECT_NAMED);
  const olderThanMs = options.olderThanMs ?? DEFAULT_OLDER_THAN_MS;
  const pageSize = options.pageSize ?? LIST_PAGE_MAX;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > LIST_PAGE_MAX) throw new Error(`pageSize must be 1 to ${LIST_PAGE_MAX}, got ${pageSize}`);
  const cutoff = (options.now ?? new Date()).getTime() - olderThanMs;
  const result: SweepResult = { listed: 0, referenced: 0, young: 0, orphans: 0, orphanBytes: 0, deleted: 0, deletedBytes: 0, failed: 0 };
  for (const folder of DOCUMENT_FOLDERS) {
    for await (const page of objects.listPages(folder, pageSize)) {
      result.listed += page.length;
      // The listing comes first, the lookup after: a row committed before the lookup is seen. One
      // committed after it names an object put after `cutoff` (an upload in flight), which is kept.
      const named = await namedKeys(
        db,
        page.map((o) => o.key),
      );
      const orphans: ListedObject[] = [];
      for (const object of page) {
        if (named.has(object.key)) result.referenced++;
        else if (object.lastModified.getTime() > cutoff) result.young++;
        else orphans.push(object);
      }
      for (const orphan of orphans) {
        result.orphans++;
        result.orphanBytes += orphan.size;
        options.onOrphan?.(orphan);
      }
      if (options.delete) await deleteAll(objects, orphans, result, options.onDeleteError);
    }
  }
  return result;
}

/** Deletes the orphans a few at a time; a failure is counted and reported, the others go on. */
async function deleteAll(objects: ObjectStore, orphans: ListedObject[], result: SweepResult, onError?: SweepOptions["onDeleteError"]): Promise<void> {
  for (let i = 0; i < orphans.length; i += DELETE_CONCURRENCY) {
    await Promise.all(
      orphans.slice(i, i + DELETE_CONCURRENCY).map(async (orphan) => {
        try {
          await objects.delete(orphan.key);
          result.deleted++;
          result.deletedBytes += orphan.size;
        } catch (error) {
          result.failed++;
          onError?.(orphan, error);
        }
      }),
    );
  }
}

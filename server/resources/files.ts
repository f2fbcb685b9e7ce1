/**
 * A declared resource's files, one per record and file field, kept in record_files (migration 0015)
 * with their bytes or the key of their object (docs/storage.md), written in the record's transaction
 * and downloaded one by one.
 */
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { AnyDataResource } from "../../src/resources/model";
import type { DB } from "../db/schema";
import type { DocumentStorage, FileToStore, FileWrite } from "../storage";
import { type FileInfo, fileFieldNames } from "./columns";
import type { FileChanges } from "./submission";

/** The files of records, by record id and field. */
export async function fileInfos(db: Kysely<DB>, resource: AnyDataResource, recordIds: number[]): Promise<Map<number, Map<string, FileInfo>>> {
  const byRecord = new Map<number, Map<string, FileInfo>>();
  if (recordIds.length === 0 || fileFieldNames(resource).length === 0) return byRecord;
  const rows = await db
    .selectFrom("record_files")
    .select(["record_id", "field", "file_name", "content_type", "size"])
    .where("resource", "=", resource.name)
    .where("record_id", "in", recordIds)
    .execute();
  for (const row of rows) {
    if (!byRecord.has(row.record_id)) byRecord.set(row.record_id, new Map());
    byRecord.get(row.record_id)!.set(row.field, { fileName: row.file_name, contentType: row.content_type, size: Number(row.size) });
  }
  return byRecord;
}

/** Where a record's file of this field goes in the bucket (docs/storage.md "Keys"). */
export const recordFilePlace = (resource: AnyDataResource, field: string): string[] => ["records", resource.name, field];

/** The sent files as files to store, each under its resource and field. */
export const filesToStore = (resource: AnyDataResource, changes: FileChanges): Map<string, FileToStore> =>
  new Map([...changes.sent].map(([field, file]) => [field, { file, place: recordFilePlace(resource, field) }]));

/** The objects of the record's files in these fields (all when undefined), for `FileWrite.drop`. */
async function objectKeys(trx: Kysely<DB>, resource: AnyDataResource, recordId: number, fields?: string[]): Promise<(string | null)[]> {
  let query = trx.selectFrom("record_files").select("object_key").where("resource", "=", resource.name).where("record_id", "=", recordId);
  if (fields) query = query.where("field", "in", fields);
  return (await query.execute()).map((r) => r.object_key);
}

/**
 * Writes the rows of the sent files (stored already by `DocumentStorage.write`), each replacing its
 * field's, and removes the cleared ones; the replaced files' objects are dropped. Inside the record's write.
 */
export async function applyFileChanges(trx: Kysely<DB>, resource: AnyDataResource, recordId: number, changes: FileChanges, at: string, stored: FileWrite<string>): Promise<void> {
  const fields = [...changes.sent.keys(), ...changes.cleared];
  if (fields.length === 0) return;
  stored.drop(await objectKeys(trx, resource, recordId, fields));
  await trx.deleteFrom("record_files").where("resource", "=", resource.name).where("record_id", "=", recordId).where("field", "in", fields).execute();
  for (const [field, file] of changes.sent) {
    await trx
      .insertInto("record_files")
      .values({
        resource: resource.name,
        record_id: recordId,
        field,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.size,
        sha256: file.sha256,
        ...stored.columns(field),
        created_at: at,
      })
      .execute();
  }
}

export async function removeAllFiles(trx: Kysely<DB>, resource: AnyDataResource, recordId: number, stored: FileWrite<string>): Promise<void> {
  stored.drop(await objectKeys(trx, resource, recordId));
  await trx.deleteFrom("record_files").where("resource", "=", resource.name).where("record_id", "=", recordId).execute();
}

/** A record's file: its bytes from the row, or its object as a stream. */
export async function readFile(
  db: Kysely<DB>,
  storage: DocumentStorage,
  resource: AnyDataResource,
  recordId: number,
  field: string,
): Promise<{ file_name: string; content_type: string; body: Buffer | Readable } | undefined> {
  const row = await db
    .selectFrom("record_files")
    .select(["file_name", "content_type", "bytes", "object_key"])
    .where("resource", "=", resource.name)
    .where("record_id", "=", recordId)
    .where("field", "=", field)
    .executeTakeFirst();
  if (!row) return undefined;
  const body = row.object_key ? await storage.objectStream(row.object_key) : Buffer.from(row.bytes);
  return { file_name: row.file_name, content_type: row.content_type, body };
}


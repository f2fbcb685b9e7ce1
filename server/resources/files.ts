/**
 * A declared resource's files, one per record and file field, kept in record_files (migration 0015)
 * with their bytes, written in the record's transaction and downloaded one by one.
 */
import type { Kysely } from "kysely";
import type { AnyDataResource } from "../../src/resources/model";
import type { DB } from "../db/schema";
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

/** Stores the sent files (each replacing its field's) and removes the cleared ones. Inside the record's write. */
export async function applyFileChanges(trx: Kysely<DB>, resource: AnyDataResource, recordId: number, changes: FileChanges, at: string): Promise<void> {
  const fields = [...changes.sent.keys(), ...changes.cleared];
  if (fields.length === 0) return;
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
        bytes: file.bytes,
        created_at: at,
      })
      .execute();
  }
}

export async function removeAllFiles(trx: Kysely<DB>, resource: AnyDataResource, recordId: number): Promise<void> {
  await trx.deleteFrom("record_files").where("resource", "=", resource.name).where("record_id", "=", recordId).execute();
}

export async function readFile(db: Kysely<DB>, resource: AnyDataResource, recordId: number, field: string) {
  return db
    .selectFrom("record_files")
    .select(["file_name", "content_type", "bytes"])
    .where("resource", "=", resource.name)
    .where("record_id", "=", recordId)
    .where("field", "=", field)
    .executeTakeFirst();
}


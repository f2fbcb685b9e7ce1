/**
 * A declared resource's file fields: sent as multipart parts named by their field (with the other
 * fields as form fields of their names), checked by their bytes (PDF, PNG or JPEG, or the field's
 * `accept`), their names cleaned (server/http/file-names.ts), kept in record_files (migration 0015)
 * and downloaded one by one. A file field sent empty or null (a form part with no value, or `null` in
 * JSON) removes the file; one not sent keeps it.
 */
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { MSG, UPLOAD_CONTENT_TYPES } from "../../src/contract";
import type { AnyDataResource, FileField } from "../../src/resources/model";
import type { DB } from "../db/schema";
import { badRequest } from "../http/errors";
import { type UploadedFile, UNREADABLE_PART, checkedUpload, countPartsOf, filePartBytes } from "../http/multipart";
import type { Scope } from "./access";
import { type FileInfo, fileFieldNames } from "./columns";

export interface FileChanges {
  /** Files sent, by field. */
  sent: Map<string, UploadedFile>;
  /** File fields sent empty: their file goes. */
  cleared: Set<string>;
}

const submissions = new WeakMap<FastifyRequest, FileChanges>();

/** The file changes read from a request by `readSubmission`. */
export const fileChangesOf = (request: FastifyRequest): FileChanges => submissions.get(request) ?? { sent: new Map(), cleared: new Set() };

const isEmpty = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

const expectedText = (allowed: readonly string[]) =>
  allowed.length === UPLOAD_CONTENT_TYPES.length ? "a PDF, PNG or JPEG file" : allowed.map((t) => t.replace(/^.*\//, "").toUpperCase()).join(" or ");

/**
 * Reads a create or update request before its body is validated: a multipart body becomes the record's
 * fields (text, which the record's schema reads as it reads JSON) and its files; a JSON body's file
 * fields say only whether a file is removed. Runs as the route's preValidation hook.
 */
export async function readSubmission(request: FastifyRequest, resource: AnyDataResource, maxBytes: number): Promise<void> {
  const fileFields = fileFieldNames(resource);
  const changes: FileChanges = { sent: new Map(), cleared: new Set() };
  submissions.set(request, changes);
  if (!request.isMultipart()) {
    // No body (or JSON null) is an empty record: its required fields are named, as the spec's routes name them.
    request.body ??= {};
    const body = request.body;
    if (body !== null && typeof body === "object" && !Array.isArray(body)) {
      for (const field of fileFields) if (field in body && isEmpty((body as Record<string, unknown>)[field])) changes.cleared.add(field);
    }
    return;
  }
  const fieldCount = Object.keys(resource.fields).length;
  const parts = request.parts({ limits: { fileSize: maxBytes, files: fileFields.length + 1, fields: fieldCount + 5, parts: fieldCount + 6 } });
  const partsSent = countPartsOf(request);
  let partsRead = 0;
  const values: Record<string, string> = {};
  for await (const part of parts) {
    partsRead++;
    const name = part.fieldname;
    const twice = `${name} was sent twice`;
    if (part.type === "file") {
      if (!fileFields.includes(name)) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest(`Unknown file field ${name}`, { [name]: `Unknown file field ${name}` });
      }
      const bytes = await filePartBytes(part, name, maxBytes);
      if (bytes.length === 0) continue; // an empty file input means "no file"
      if (part.filename?.includes("\u0000")) throw badRequest(MSG.nulCharacter, { [name]: MSG.nulCharacter });
      if (changes.sent.has(name)) throw badRequest(MSG.oneFile, { [name]: MSG.oneFile });
      const allowed = (resource.fields[name] as FileField).accept ?? UPLOAD_CONTENT_TYPES;
      changes.sent.set(name, await checkedUpload(bytes, part.filename, name, allowed, expectedText(allowed)));
      continue;
    }
    const value = String(part.value);
    if (fileFields.includes(name)) {
      // Empty: remove the file. Anything else is the name of the stored file, sent back by a form: kept.
      if (isEmpty(value) || value === "null") changes.cleared.add(name);
      continue;
    }
    if (name in values) throw badRequest(twice, { [name]: twice });
    values[name] = value;
  }
  if (partsRead < partsSent()) throw badRequest(UNREADABLE_PART);
  for (const field of changes.sent.keys()) changes.cleared.delete(field);
  request.body = values;
}

/**
 * A record created by someone who may create only their own has them as its owner: an owner field
 * they leave out is filled in before the record's rules require it (one they fill in for someone else
 * is refused by the store).
 */
export function fillOwner(request: FastifyRequest, resource: AnyDataResource, scope: Scope): void {
  const body = request.body as Record<string, unknown> | undefined;
  if (scope.all || !resource.ownerField || body === null || typeof body !== "object" || Array.isArray(body)) return;
  if (isEmpty(body[resource.ownerField] ?? null)) request.body = { ...body, [resource.ownerField]: scope.userId };
}

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

/** Content-Disposition for a download: the cleaned name, with an ASCII stand-in for old clients (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * The eight passport documents: stored one row per (passport, kind), kind being the multipart field
 * name (DOCUMENT_KINDS.field); answered by get-attachments under the §3 reply keys.
 */
import { type Kysely, sql } from "kysely";
import { DOCUMENT_KINDS, type DocumentField } from "../../src/contract";
import type { DB } from "../db/schema";
import { nowIso } from "../db/values";
import type { UploadedFile } from "../http/multipart";
import { DocumentStorage, type FileToStore, type FileWrite } from "../storage";
import type { PassportEvent } from "./events";

export { SLICE_BYTES } from "../storage";

export type DocumentFiles = Partial<Record<DocumentField, UploadedFile>>;

const fileRef = (fileName: string, sha256: string) => ({ fileName, sha256 });

/** Where a document of this kind goes in the bucket (docs/storage.md "Keys"). */
export const documentPlace = (kind: string): string[] => ["passports", kind];

/** The sent documents as files to store, each under its kind. */
export function documentsToStore(files: DocumentFiles): Map<DocumentField, FileToStore> {
  return new Map(DOCUMENT_KINDS.flatMap((k) => (files[k.field] ? [[k.field, { file: files[k.field]!, place: documentPlace(k.field) }] as const] : [])));
}

/**
 * Writes the rows of the sent documents (stored already by `DocumentStorage.write`), each replacing
 * the stored one of its kind, whose object is dropped; documents not sent are kept. Answers one
 * DOCUMENT event per stored file (old and new file name and hash). Call inside the transaction of the
 * passport change.
 */
export async function storeDocuments(trx: Kysely<DB>, passportId: number, files: DocumentFiles, stored: FileWrite<DocumentField>): Promise<PassportEvent[]> {
  const sent = DOCUMENT_KINDS.flatMap((k) => (files[k.field] ? [{ kind: k.field, file: files[k.field]! }] : []));
  if (sent.length === 0) return [];
  const kinds = sent.map((s) => s.kind);
  const previous = await trx
    .selectFrom("passport_documents")
    .select(["kind", "file_name", "sha256", "object_key"])
    .where("passport_id", "=", passportId)
    .where("kind", "in", kinds)
    .execute();
  await trx.deleteFrom("passport_documents").where("passport_id", "=", passportId).where("kind", "in", kinds).execute();
  stored.drop(previous.map((p) => p.object_key));
  const created_at = nowIso();
  await trx
    .insertInto("passport_documents")
    .values(
      sent.map(({ kind, file }) => ({
        passport_id: passportId,
        kind,
        file_name: file.fileName,
        content_type: file.contentType,
        size: file.size,
        sha256: file.sha256,
        ...stored.columns(kind),
        created_at,
      })),
    )
    .execute();
  return sent.map(({ kind, file }) => {
    const old = previous.find((p) => p.kind === kind);
    return { kind: "DOCUMENT", field: kind, oldValue: old ? fileRef(old.file_name, old.sha256) : null, newValue: fileRef(file.fileName, file.sha256) };
  });
}

/**
 * Bytes encoded at a time: a multiple of 3, so that consecutive pieces of base64 join into the base64
 * of the whole file; 64 KiB once encoded, small enough for V8's young generation, where garbage is
 * cheap to collect.
 */
export const PIECE_BYTES = 3 * 16 * 1024;

/**
 * Base64 of the bytes as they come, in pieces of PIECE_BYTES (the last one shorter): whatever size the
 * chunks arrive in (database slices, or an object's network reads), the bytes short of a piece are
 * carried to the next chunk.
 */
export async function* base64Pieces(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    let at = 0;
    for (; bytes.length - at >= PIECE_BYTES; at += PIECE_BYTES) yield bytes.toString("base64", at, at + PIECE_BYTES);
    // A copy, so that the chunk it came from can be collected.
    carry = Buffer.from(bytes.subarray(at));
  }
  if (carry.length > 0) yield carry.toString("base64");
}

const DATABASE_ONLY = new DocumentStorage(undefined);

/**
 * The get-attachments reply (the envelope around every §3 reply key, holding the stored file or
 * null), as the JSON text that JSON.stringify would make of it, in pieces: each document is read in
 * slices from the database, or as a stream from its object (docs/storage.md), and encoded piece by
 * piece, so a reply holds about one slice in memory whatever the documents' size. A row or object that
 * disappears while being sent ends the reply with an error, never mixes files.
 */
export async function* attachmentsReplyJson(db: Kysely<DB>, passportId: number, storage: DocumentStorage = DATABASE_ONLY): AsyncGenerator<string> {
  const rows = await db
    .selectFrom("passport_documents")
    .select(["id", "kind", "file_name", "content_type", "object_key", sql<number>`length(bytes)`.as("length")])
    .where("passport_id", "=", passportId)
    .execute();
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  yield '{"success":true,"replyMessage":{';
  for (const [i, kind] of DOCUMENT_KINDS.entries()) {
    yield `${i === 0 ? "" : ","}${JSON.stringify(kind.replyKey)}:`;
    const row = byKind.get(kind.field);
    if (!row) {
      yield "null";
      continue;
    }
    yield `{"contentType":${JSON.stringify(row.content_type)},"data":"`;
    yield* base64Pieces(storage.pieces(db, "passport_documents", row));
    yield `","fileName":${JSON.stringify(row.file_name)}}`;
  }
  yield '},"message":null,"errorMessage":null}';
}

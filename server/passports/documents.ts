/**
 * The eight passport documents: stored one row per (passport, kind), kind being the multipart field
 * name (DOCUMENT_KINDS.field); answered by get-attachments under the §3 reply keys.
 */
import { type Kysely, sql } from "kysely";
import { DOCUMENT_KINDS, type DocumentField } from "../../src/contract";
import type { DB } from "../db/schema";
import { nowIso } from "../db/values";
import type { UploadedFile } from "../http/multipart";
import type { PassportEvent } from "./events";

export type DocumentFiles = Partial<Record<DocumentField, UploadedFile>>;

const fileRef = (fileName: string, sha256: string) => ({ fileName, sha256 });

/**
 * Stores the sent documents, each replacing the stored one of its kind; documents not sent are kept.
 * Answers one DOCUMENT event per stored file (old and new file name and hash). Call inside the
 * transaction of the passport change.
 */
export async function storeDocuments(trx: Kysely<DB>, passportId: number, files: DocumentFiles): Promise<PassportEvent[]> {
  const sent = DOCUMENT_KINDS.flatMap((k) => (files[k.field] ? [{ kind: k.field, file: files[k.field]! }] : []));
  if (sent.length === 0) return [];
  const kinds = sent.map((s) => s.kind);
  const previous = await trx
    .selectFrom("passport_documents")
    .select(["kind", "file_name", "sha256"])
    .where("passport_id", "=", passportId)
    .where("kind", "in", kinds)
    .execute();
  await trx.deleteFrom("passport_documents").where("passport_id", "=", passportId).where("kind", "in", kinds).execute();
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
        bytes: file.bytes,
        created_at,
      })),
    )
    .execute();
  return sent.map(({ kind, file }) => {
    const old = previous.find((p) => p.kind === kind);
    return { kind: "DOCUMENT", field: kind, oldValue: old ? fileRef(old.file_name, old.sha256) : null, newValue: fileRef(file.fileName, file.sha256) };
  });
}

/** Bytes read from the database at a time (SQLite loads the whole blob for each, so not too few). */
export const SLICE_BYTES = 3 * 256 * 1024;
/**
 * Bytes encoded at a time: a multiple of 3, so that consecutive pieces of base64 join into the base64
 * of the whole file; 64 KiB once encoded, small enough for V8's young generation, where garbage is
 * cheap to collect.
 */
export const PIECE_BYTES = 3 * 16 * 1024;

/**
 * The get-attachments reply (the envelope around every §3 reply key, holding the stored file or
 * null), as the JSON text that JSON.stringify would make of it, in pieces: each document is read from
 * the database in slices and encoded piece by piece, so a reply holds about one slice in memory
 * whatever the documents' size. (better-sqlite3 cannot stream a blob; substr() on the bytes reads a
 * slice on SQLite and PostgreSQL alike.) Documents are never changed in place, only replaced by a
 * new row: a row that disappears while being sent ends the reply with an error, never mixes files.
 */
export async function* attachmentsReplyJson(db: Kysely<DB>, passportId: number): AsyncGenerator<string> {
  const rows = await db
    .selectFrom("passport_documents")
    .select(["id", "kind", "file_name", "content_type", sql<number>`length(bytes)`.as("length")])
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
    for (let offset = 0; offset < Number(row.length); offset += SLICE_BYTES) {
      const slice = await db
        .selectFrom("passport_documents")
        .select(sql<Buffer>`substr(bytes, ${offset + 1}, ${SLICE_BYTES})`.as("bytes"))
        .where("id", "=", row.id)
        .executeTakeFirst();
      if (!slice) throw new Error(`Document ${row.id} was replaced while being sent`);
      const bytes = Buffer.from(slice.bytes);
      for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield bytes.toString("base64", at, at + PIECE_BYTES);
    }
    yield `","fileName":${JSON.stringify(row.file_name)}}`;
  }
  yield '},"message":null,"errorMessage":null}';
}

/**
 * The eight passport documents: stored one row per (passport, kind), kind being the multipart field
 * name (DOCUMENT_KINDS.field); answered by get-attachments under the §3 reply keys.
 */
import type { Kysely } from "kysely";
import { type Attachments, DOCUMENT_KINDS, type DocumentField } from "../../src/contract";
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

/** Every reply key of §3, holding the stored file or null. */
export async function loadAttachments(db: Kysely<DB>, passportId: number): Promise<Attachments> {
  const rows = await db
    .selectFrom("passport_documents")
    .select(["kind", "file_name", "content_type", "bytes"])
    .where("passport_id", "=", passportId)
    .execute();
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    DOCUMENT_KINDS.map((k) => {
      const row = byKind.get(k.field);
      return [k.replyKey, row ? { contentType: row.content_type, data: Buffer.from(row.bytes).toString("base64"), fileName: row.file_name } : null];
    }),
  ) as Attachments;
}

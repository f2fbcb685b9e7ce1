import type { UploadFile } from "antd";
import type { RcFile } from "antd/es/upload";
import { del, get, set } from "idb-keyval";
import { DOCUMENT_FIELDS, type DocumentField } from "../../contract";
import type { PassportFormInput } from "../passport-form";

/**
 * The Add Passport form's draft, kept in the browser (IndexedDB, files included) until the passport
 * is saved, so that a dropped connection or a closed tab loses nothing (issue 13). One per user.
 */
export interface PassportDraft {
  savedAt: number;
  values: PassportFormInput;
}

interface StoredFile {
  uid: string;
  name: string;
  type: string;
  lastModified: number;
  blob: Blob;
}

interface StoredDraft {
  savedAt: number;
  values: Record<string, unknown>;
  files: Partial<Record<DocumentField, StoredFile[]>>;
}

const keyOf = (userId: number) => `passport-draft:${userId}`;

const isDocumentField = (key: string): key is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(key);

/** Whether `values` hold anything typed or chosen beyond `blank` (a fresh form's values). */
export function hasContent(values: PassportFormInput, blank: PassportFormInput): boolean {
  return Object.entries(values).some(([key, value]) =>
    isDocumentField(key) ? Array.isArray(value) && value.length > 0 : JSON.stringify(value ?? "") !== JSON.stringify(blank[key as keyof PassportFormInput] ?? ""),
  );
}

export async function saveDraft(userId: number, values: PassportFormInput): Promise<void> {
  const stored: StoredDraft = { savedAt: Date.now(), values: {}, files: {} };
  for (const [key, value] of Object.entries(values)) {
    if (!isDocumentField(key)) {
      stored.values[key] = value;
      continue;
    }
    stored.files[key] = ((value ?? []) as UploadFile[])
      .filter((file) => file.originFileObj && file.status !== "uploading")
      .map((file) => ({ uid: file.uid, name: file.name, type: file.type ?? "", lastModified: file.originFileObj!.lastModified, blob: file.originFileObj! }));
  }
  await set(keyOf(userId), stored);
}

export async function loadDraft(userId: number): Promise<PassportDraft | undefined> {
  const stored = await get<StoredDraft>(keyOf(userId));
  if (!stored?.values) return undefined;
  const files = Object.fromEntries(
    DOCUMENT_FIELDS.map((field) => [
      field,
      (stored.files[field] ?? []).map((file): UploadFile => {
        const originFileObj = Object.assign(new File([file.blob], file.name, { type: file.type, lastModified: file.lastModified }), { uid: file.uid }) as RcFile;
        return { uid: file.uid, name: file.name, type: file.type, size: file.blob.size, originFileObj };
      }),
    ]),
  );
  return { savedAt: stored.savedAt, values: { ...stored.values, ...files } as PassportFormInput };
}

export async function clearDraft(userId: number): Promise<void> {
  await del(keyOf(userId));
}

/**
 * Names of uploaded files as stored and shown again (in the Attachments modal, as download names):
 * the client's name cleaned, never trusted. See docs/security.md.
 */
import type { UploadContentType } from "../../src/contract";

/** Extensions of each accepted type; the first is given to a name that has none of them. */
const EXTENSIONS: Record<UploadContentType, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
};

export const MAX_FILE_NAME_LENGTH = 255;

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
/**
 * Bidirectional controls (which can make "gpj.exe" read as "exe.jpg") and invisible characters. The
 * zero-width joiner and non-joiner stay: Bengali writing uses them.
 */
const BIDI_AND_INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
/** Reserved in Windows file names; also keeps markup out of names. */
const RESERVED = /[<>:"|?*]/g;

/**
 * The stored name of an upload whose bytes are of `contentType`: without path parts, control,
 * bidirectional or invisible characters, or characters Windows forbids (replaced by "_"); with its
 * extension matching the type (another type's extension is replaced, a missing one added); at most
 * 255 characters. `fallback` names a file whose name is empty once cleaned.
 */
export function cleanFileName(raw: string | undefined, contentType: UploadContentType, fallback: string): string {
  const base = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  const name = base
    .replace(CONTROL, "")
    .replace(BIDI_AND_INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const extensions = EXTENSIONS[contentType];
  const dot = name.lastIndexOf(".");
  const given = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  const known = extensions.includes(given);
  // "scan.png" holding a PDF becomes "scan.pdf"; "Form v2.1 final" keeps its ".1 final" and gets ".pdf".
  const stem = known || /^[a-z0-9]{1,5}$/.test(given) ? name.slice(0, dot) : name;
  const extension = known ? given : extensions[0];
  const room = MAX_FILE_NAME_LENGTH - extension.length - 1;
  const shortened = Array.from(stem).slice(0, room).join("").replace(/[.\s]+$/, "");
  return `${shortened || fallback}.${extension}`;
}

/** Content-Disposition for a download: the cleaned name, with an ASCII stand-in for old clients (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

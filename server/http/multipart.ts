/**
 * Reads a multipart request of the contract: a JSON part `data` plus single files in named slots.
 * Files are checked by their bytes (PDF, PNG or JPEG), not by the type the client claims.
 */
import { createHash } from "node:crypto";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { MSG, UPLOAD_CONTENT_TYPES, type UploadContentType } from "../../src/contract";
import { badRequest, payloadTooLarge, unsupportedMediaType } from "./errors";
import { cleanFileName } from "./file-names";
import { parseClientJson } from "./json";

export interface UploadedFile {
  fileName: string;
  contentType: UploadContentType;
  size: number;
  sha256: string;
  bytes: Buffer;
}

export interface MultipartBody<F extends string> {
  data: unknown;
  files: Partial<Record<F, UploadedFile>>;
}

export interface MultipartRules<F extends string> {
  fileFields: readonly F[];
  /** Fields that accept images only (the passport photo). */
  imagesOnly?: readonly F[];
  maxBytes: number;
}

/** 5242880 → "5 MB"; limits under a megabyte (tests) in KB. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

export const UNREADABLE_PART =
  "A part of the upload could not be read (its headers are malformed, e.g. a line break in the file name); nothing was stored";

/**
 * Counts the parts of the multipart body as it streams in, by their delimiters, so that a part the
 * parser skips (busboy drops a part whose headers it cannot read, e.g. a file name holding a line
 * break) is noticed instead of silently lost. Call right after request.parts(), before data flows.
 */
export function countPartsOf(request: FastifyRequest): () => number {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers["content-type"] ?? "");
  const delimiter = Buffer.from(`\r\n--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  let tail = Buffer.from("\r\n"); // the first delimiter starts the body, with no line break before it
  let delimiters = 0;
  request.raw.on("data", (chunk: Buffer) => {
    const data = Buffer.concat([tail, chunk]);
    for (let at = data.indexOf(delimiter); at !== -1; at = data.indexOf(delimiter, at + delimiter.length)) delimiters++;
    tail = data.subarray(Math.max(0, data.length - delimiter.length + 1));
  });
  return () => Math.max(0, delimiters - 1); // the closing delimiter ends the last part
}

/** "File too large: at most 5 MB per file". */
export const tooLargeMessage = (maxBytes: number) => `File too large: at most ${sizeText(maxBytes)} per file`;

/** A file part's bytes; past the size limit a 413 naming the field. */
export async function filePartBytes(part: MultipartFile, field: string, maxBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw payloadTooLarge(tooLargeMessage(maxBytes), { [field]: tooLargeMessage(maxBytes) });
    throw error;
  }
}

/**
 * An upload checked by its bytes: of one of the `allowed` types (415 with the field's "Unsupported file
 * type" otherwise, the explanation saying what the bytes are), its name cleaned.
 */
export async function checkedUpload(
  bytes: Buffer,
  clientName: string | undefined,
  field: string,
  allowed: readonly UploadContentType[],
  expected: string,
): Promise<UploadedFile> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(allowed as readonly string[]).includes(detected.mime)) {
    // The field says what the spec says; the explanation goes by what the bytes are, not the type the client claimed.
    const name = clientName ? `"${clientName}" (${field})` : field;
    const explanation = `${MSG.unsupportedFileType}: ${name} must be ${expected}, but its content is ${detected?.mime ?? "none of these"}`;
    throw unsupportedMediaType(explanation, { [field]: MSG.unsupportedFileType });
  }
  return {
    fileName: cleanFileName(clientName, detected.mime as UploadContentType, field),
    contentType: detected.mime as UploadContentType,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes,
  };
}

export async function readMultipart<F extends string>(request: FastifyRequest, rules: MultipartRules<F>): Promise<MultipartBody<F>> {
  if (!request.isMultipart()) throw badRequest("Expected multipart/form-data with a part named data");
  let data: unknown;
  const files: Partial<Record<F, UploadedFile>> = {};
  const seen = new Set<string>();

  const parts = request.parts({ limits: { fileSize: rules.maxBytes } });
  const partsSent = countPartsOf(request);
  let partsRead = 0;
  for await (const part of parts) {
    partsRead++;
    if (part.fieldname === "data") {
      const raw = part.type === "file" ? (await part.toBuffer()).toString("utf8") : String(part.value);
      data = parseClientJson(raw, "The data part must be JSON", "data");
      continue;
    }
    if (part.type !== "file") continue; // unknown text parts are ignored
    const field = part.fieldname as F;
    if (!rules.fileFields.includes(field)) {
      await part.toBuffer().catch(() => undefined);
      throw badRequest(`Unknown file field ${part.fieldname}`, { [part.fieldname]: `Unknown file field ${part.fieldname}` });
    }
    const bytes = await filePartBytes(part, field, rules.maxBytes);
    if (bytes.length === 0) continue; // an empty file input means "no file"
    if (part.filename?.includes("\u0000")) throw badRequest(MSG.nulCharacter, { [field]: MSG.nulCharacter }); // PostgreSQL text cannot hold it
    if (seen.has(field)) throw badRequest(MSG.oneFile, { [field]: MSG.oneFile });
    seen.add(field);
    const imagesOnly = rules.imagesOnly?.includes(field) ?? false;
    files[field] = await checkedUpload(
      bytes,
      part.filename,
      field,
      imagesOnly ? ["image/png", "image/jpeg"] : UPLOAD_CONTENT_TYPES,
      imagesOnly ? "a PNG or JPEG image" : "a PDF, PNG or JPEG file",
    );
  }
  if (partsRead < partsSent()) throw badRequest(UNREADABLE_PART);
  if (data === undefined) throw badRequest("Missing the data part", { data: MSG.required });
  return { data, files };
}

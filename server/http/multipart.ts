/**
 * Reads a multipart request of the contract: a JSON part `data` plus single files in named slots.
 * Files are checked by their bytes (PDF, PNG or JPEG), not by the type the client claims. Each file is
 * read whole, or, given a FileSink (object storage), checked by its first bytes and streamed into the
 * sink as it arrives (docs/storage.md "Uploads").
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
  /** The file's bytes; empty when a FileSink stored it as it arrived (`stored`). */
  bytes: Buffer;
  /** The object a FileSink put the file in while the request was read. */
  stored?: StoredObject;
}

/** An object put for a file while its request was read; `claimed` once a write is responsible for it. */
export interface StoredObject {
  key: string;
  claimed: boolean;
}

/** Where checked file parts go as they arrive, instead of into memory (DocumentStorage.sinkFor). */
export interface FileSink {
  /** Stores the part's bytes as they come; a body that throws (the part is too large) stores nothing. */
  store(field: string, contentType: UploadContentType, body: AsyncIterable<Buffer>): Promise<StoredObject>;
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
  /** Where files go as they arrive; without one each file is read whole into memory. */
  sink?: FileSink;
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
  return {
    ...(await checkedType(bytes, clientName, field, allowed, expected)),
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes,
  };
}

/** The type and cleaned name of a file whose bytes start with `bytes`, of one of the `allowed` types; else 415. */
async function checkedType(bytes: Buffer, clientName: string | undefined, field: string, allowed: readonly UploadContentType[], expected: string) {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(allowed as readonly string[]).includes(detected.mime)) {
    // The field says what the spec says; the explanation goes by what the bytes are, not the type the client claimed.
    const name = clientName ? `"${clientName}" (${field})` : field;
    const explanation = `${MSG.unsupportedFileType}: ${name} must be ${expected}, but its content is ${detected?.mime ?? "none of these"}`;
    throw unsupportedMediaType(explanation, { [field]: MSG.unsupportedFileType });
  }
  const contentType = detected.mime as UploadContentType;
  return { fileName: cleanFileName(clientName, contentType, field), contentType };
}

/** What a file part must be. */
export interface FilePartRules {
  maxBytes: number;
  allowed: readonly UploadContentType[];
  /** The allowed types in words, for the 415: "a PDF, PNG or JPEG file". */
  expected: string;
  /** A file of this field was read already: another one is refused. */
  duplicate: boolean;
}

/**
 * A file part, checked: undefined when empty (an empty file input means "no file"); past the size
 * limit 413, a NUL in its name or a second file of its field 400, a type not allowed 415. Without a
 * sink the part is read whole; with one it is streamed into the sink (`streamFilePart`). Either way
 * the checks answer alike.
 */
export async function readFilePart(part: MultipartFile, field: string, rules: FilePartRules, sink?: FileSink): Promise<UploadedFile | undefined> {
  if (sink) return streamFilePart(part, field, rules, sink);
  const bytes = await filePartBytes(part, field, rules.maxBytes);
  if (bytes.length === 0) return undefined;
  checkName(part, field, rules);
  return checkedUpload(bytes, part.filename, field, rules.allowed, rules.expected);
}

function checkName(part: MultipartFile, field: string, rules: FilePartRules): void {
  if (part.filename?.includes("\u0000")) throw badRequest(MSG.nulCharacter, { [field]: MSG.nulCharacter }); // PostgreSQL text cannot hold it
  if (rules.duplicate) throw badRequest(MSG.oneFile, { [field]: MSG.oneFile });
}

/** Bytes file-type looks at (its reasonableDetectionSizeInBytes), read before a streamed file is stored. */
export const HEAD_BYTES = 4100;

const EMPTY = Buffer.alloc(0);

/** A file part's chunks; past the size limit the rest is skipped and a 413 thrown once the part has ended. */
async function* partChunks(part: MultipartFile, field: string, maxBytes: number): AsyncGenerator<Buffer> {
  for await (const chunk of part.file as AsyncIterable<Buffer>) if (!part.file.truncated) yield chunk;
  if (part.file.truncated) throw payloadTooLarge(tooLargeMessage(maxBytes), { [field]: tooLargeMessage(maxBytes) });
}

/** Reads the rest of a refused part, so that a part also too large answers 413, as when read whole. */
async function refused(rest: AsyncGenerator<Buffer>, error: unknown): Promise<never> {
  for await (const _ of rest);
  throw error;
}

/**
 * A file part streamed into the sink: its first HEAD_BYTES (or all of it, if shorter) are read and
 * checked as `readFilePart` checks a whole part, then the sink stores them and the rest as it arrives,
 * hashed and counted on the way. Only the first bytes are held here; the sink holds what it buffers.
 */
async function streamFilePart(part: MultipartFile, field: string, rules: FilePartRules, sink: FileSink): Promise<UploadedFile | undefined> {
  const chunks = partChunks(part, field, rules.maxBytes);
  const first: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
    length += next.value.length;
  }
  if (length === 0) return undefined;
  const head = Buffer.concat(first);
  let type: Awaited<ReturnType<typeof checkedType>>;
  try {
    checkName(part, field, rules);
    type = await checkedType(head, part.filename, field, rules.allowed, rules.expected);
  } catch (error) {
    return refused(chunks, error);
  }
  const hash = createHash("sha256");
  let size = 0;
  let failure: unknown;
  const counted = (piece: Buffer) => {
    hash.update(piece);
    size += piece.length;
    return piece;
  };
  async function* body(): AsyncGenerator<Buffer> {
    try {
      yield counted(head);
      for await (const chunk of chunks) yield counted(chunk);
    } catch (error) {
      failure = error;
      throw error;
    }
  }
  let stored: StoredObject;
  try {
    stored = await sink.store(field, type.contentType, body());
  } catch (error) {
    // The part's own failure (413) rather than the store's account of it.
    throw failure ?? error;
  }
  return { ...type, size, sha256: hash.digest("hex"), bytes: EMPTY, stored };
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
    const imagesOnly = rules.imagesOnly?.includes(field) ?? false;
    const file = await readFilePart(
      part,
      field,
      {
        maxBytes: rules.maxBytes,
        allowed: imagesOnly ? ["image/png", "image/jpeg"] : UPLOAD_CONTENT_TYPES,
        expected: imagesOnly ? "a PNG or JPEG image" : "a PDF, PNG or JPEG file",
        duplicate: seen.has(field),
      },
      rules.sink,
    );
    if (!file) continue; // an empty file input means "no file"
    seen.add(field);
    files[field] = file;
  }
  if (partsRead < partsSent()) throw badRequest(UNREADABLE_PART);
  if (data === undefined) throw badRequest("Missing the data part", { data: MSG.required });
  return { data, files };
}

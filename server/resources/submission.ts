/**
 * A create or update request of a declared resource, read before its body is validated. JSON, or
 * multipart/form-data: each field a form field of its name (text, which the record's schema reads as it
 * reads JSON), each file a part named by its field, checked by its bytes (PDF, PNG or JPEG, or the
 * field's `accept`) and its name cleaned (server/http/multipart.ts, file-names.ts); with object storage
 * it streams to the bucket as it arrives. A file field sent
 * empty or null (a form part with no value, or `null` in JSON) removes the file; one not sent keeps it.
 */
import type { FastifyRequest } from "fastify";
import { UPLOAD_CONTENT_TYPES } from "../../src/contract";
import type { AnyDataResource, FileField } from "../../src/resources/model";
import { badRequest } from "../http/errors";
import { type UploadedFile, UNREADABLE_PART, countPartsOf, readFilePart } from "../http/multipart";
import type { DocumentStorage } from "../storage";
import { fileFieldNames } from "./columns";
import { recordFilePlace } from "./files";

export interface FileChanges {
  /** Files sent, by field. */
  sent: Map<string, UploadedFile>;
  /** File fields sent empty: their file goes. */
  cleared: Set<string>;
}

const submissions = new WeakMap<FastifyRequest, FileChanges>();

/** The file changes read from a request by `readSubmission`. */
export const fileChangesOf = (request: FastifyRequest): FileChanges => submissions.get(request) ?? { sent: new Map(), cleared: new Set() };

export const isEmpty = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

const expectedText = (allowed: readonly string[]) =>
  allowed.length === UPLOAD_CONTENT_TYPES.length ? "a PDF, PNG or JPEG file" : allowed.map((t) => t.replace(/^.*\//, "").toUpperCase()).join(" or ");

/**
 * Reads a create or update request before its body is validated: a multipart body becomes the record's
 * fields (text, which the record's schema reads as it reads JSON) and its files; a JSON body's file
 * fields say only whether a file is removed. Runs as the route's preValidation hook.
 */
export async function readSubmission(request: FastifyRequest, resource: AnyDataResource, maxBytes: number, storage: DocumentStorage): Promise<void> {
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
  // With object storage each file streams to the bucket as it arrives (docs/storage.md "Uploads").
  const sink = storage.sinkFor(request, (field) => recordFilePlace(resource, field));
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
      const allowed = (resource.fields[name] as FileField).accept ?? UPLOAD_CONTENT_TYPES;
      const file = await readFilePart(part, name, { maxBytes, allowed, expected: expectedText(allowed), duplicate: changes.sent.has(name) }, sink);
      if (file) changes.sent.set(name, file); // an empty file input means "no file"
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

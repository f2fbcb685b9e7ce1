/** The one file of an import's multipart body (part `file`), read whole up to the import's size limit. */
import type { FastifyRequest } from "fastify";
import { MSG } from "../../src/contract";
import { badRequest } from "../http/errors";
import { UNREADABLE_PART, countPartsOf, filePartBytes } from "../http/multipart";

export interface ImportUpload {
  /** The name the client gave, for the passports' "imported from" events: never a path on disk. */
  fileName: string;
  bytes: Buffer;
}

/** The client's file name without path, control, bidirectional or invisible characters, at most 255 long. */
function uploadedName(raw: string | undefined): string {
  const name = (raw ?? "")
    .normalize("NFC")
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\u2028\u2029\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu, "")
    .trim();
  return Array.from(name).slice(0, 255).join("") || "the uploaded file";
}

export async function readImportUpload(request: FastifyRequest, maxBytes: number): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest("Expected multipart/form-data with the file in a part named file", { file: MSG.required });
  const parts = request.parts({ limits: { fileSize: maxBytes } });
  const partsSent = countPartsOf(request);
  let partsRead = 0;
  let upload: ImportUpload | undefined;
  for await (const part of parts) {
    partsRead++;
    if (part.type !== "file") continue; // text fields are ignored
    if (part.fieldname !== "file") {
      await part.toBuffer().catch(() => undefined);
      throw badRequest(`Unknown file field ${part.fieldname}: send the spreadsheet as the part named file`, { [part.fieldname]: `Unknown file field ${part.fieldname}` });
    }
    const bytes = await filePartBytes(part, "file", maxBytes);
    if (upload) throw badRequest(MSG.oneFile, { file: MSG.oneFile });
    upload = { fileName: uploadedName(part.filename), bytes };
  }
  if (partsRead < partsSent()) throw badRequest(UNREADABLE_PART);
  if (!upload) throw badRequest("Choose a CSV or Excel (.xlsx) file to import", { file: MSG.required });
  if (upload.bytes.length === 0) throw badRequest("The file is empty", { file: "The file is empty" });
  return upload;
}

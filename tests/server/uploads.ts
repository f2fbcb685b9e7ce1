/** Multipart bodies for inject, and tiny real PDF, PNG and JPEG files (detected by their bytes). */
import { crc32, deflateSync } from "node:zlib";

export interface UploadPart {
  bytes: Buffer;
  fileName: string;
  /** The type the client claims; the server checks the bytes instead. */
  contentType: string;
}

/**
 * A multipart/form-data body with a JSON part `data` and the given files, ready for app.inject. A
 * string is sent as a text part, as a form sends the name of a file already stored.
 */
export async function multipart(
  data: unknown,
  files: Record<string, UploadPart | UploadPart[] | string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  if (data !== undefined) form.append("data", typeof data === "string" ? data : JSON.stringify(data));
  for (const [field, parts] of Object.entries(files)) {
    if (typeof parts === "string") {
      form.append(field, parts);
      continue;
    }
    for (const part of [parts].flat()) form.append(field, new Blob([new Uint8Array(part.bytes)], { type: part.contentType }), part.fileName);
  }
  const request = new Request("http://test.local/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

export function tinyPdf(text = "hello"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid 1×1 RGB PNG. */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.from([0, 0x1f, 0x6f, 0x3f]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** JPEG start-of-image and JFIF header: enough for detection by bytes. */
export function tinyJpeg(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]);
}

export const pdfPart = (fileName = "doc.pdf", bytes = tinyPdf()): UploadPart => ({ bytes, fileName, contentType: "application/pdf" });
export const pngPart = (fileName = "pic.png"): UploadPart => ({ bytes: tinyPng(), fileName, contentType: "image/png" });
export const jpegPart = (fileName = "pic.jpg"): UploadPart => ({ bytes: tinyJpeg(), fileName, contentType: "image/jpeg" });
/** Text bytes that claim to be a PDF. */
export const fakePdfPart = (fileName = "fake.pdf"): UploadPart => ({
  bytes: Buffer.from("this is plain text, not a PDF"),
  fileName,
  contentType: "application/pdf",
});

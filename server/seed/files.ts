/** Tiny but real documents for the demo data: a one-page PDF naming the worker, and a PNG photo. */
import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

export interface GeneratedFile {
  fileName: string;
  contentType: "application/pdf" | "image/png";
  bytes: Buffer;
  size: number;
  sha256: string;
}

function generated(fileName: string, contentType: GeneratedFile["contentType"], bytes: Buffer): GeneratedFile {
  return { fileName, contentType, bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`);

/** A valid one-page PDF (Helvetica, A4) with a title and a few lines; the xref offsets are computed. */
export function pdfDocument(fileName: string, title: string, lines: string[]): GeneratedFile {
  const text = [`BT /F1 18 Tf 72 770 Td (${pdfText(title)}) Tj ET`]
    .concat(lines.map((line, i) => `BT /F1 11 Tf 72 ${740 - i * 18} Td (${pdfText(line)}) Tj ET`))
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return generated(fileName, "application/pdf", Buffer.from(body, "latin1"));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

type Rgb = readonly [number, number, number];

/** An RGB PNG of a passport-style photo: a plain background with a head-and-shoulders silhouette. */
export function pngPhoto(fileName: string, background: Rgb, figure: Rgb, width = 60, height = 75): GeneratedFile {
  const rows: Buffer[] = [];
  const headX = width / 2;
  const headY = height * 0.38;
  const headR = width * 0.2;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 (None), then RGB triples
    for (let x = 0; x < width; x++) {
      const inHead = (x - headX) ** 2 + (y - headY) ** 2 <= headR ** 2;
      const inShoulders = y > height * 0.62 && Math.abs(x - headX) <= width * 0.38 - (height - y) * 0.3;
      const [r, g, b] = inHead || inShoulders ? figure : background;
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter method extras, no interlace
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return generated(fileName, "image/png", bytes);
}

/**
 * An uploaded spreadsheet as a sheet, its type told by its bytes and not its name: an XLSX workbook is
 * a ZIP archive; anything else a file-type sniffer recognises (PDF, image, old .xls…) is refused (415);
 * what is left is read as CSV text. Past `maxRows` data rows it is refused (400), and so is a file with
 * no data rows: nothing of it is checked or written then.
 */
import { fileTypeFromBuffer } from "file-type";
import { badRequest, unsupportedMediaType } from "../http/errors";
import { readCsv } from "./csv-reader";
import type { Sheet } from "./sheet";
import { SAVE_AS_UTF8, decodeText, hasByteOrderMark } from "./text-encoding";
import { loadWorkbook, readWorksheet } from "./xlsx-reader";

export type SheetFormat = "csv" | "xlsx";

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ACCEPTED = "Upload a CSV file or an Excel workbook (.xlsx)";

const tooManyRows = (maxRows: number) => (rows: number) =>
  badRequest(`The file has ${rows.toLocaleString("en")} data rows; one import takes at most ${maxRows.toLocaleString("en")}. Split it into smaller files.`);

export async function readSheet(bytes: Buffer, maxRows: number): Promise<{ sheet: Sheet; format: SheetFormat }> {
  let read: { sheet: Sheet; format: SheetFormat };
  if (bytes.subarray(0, 4).equals(ZIP)) {
    const workbook = await loadWorkbook(bytes);
    if (!workbook) throw unsupportedMediaType(`The file is a ZIP archive but not an Excel workbook. ${ACCEPTED}.`, { file: "Unsupported file type" });
    read = { sheet: readWorksheet(workbook, maxRows, tooManyRows(maxRows)), format: "xlsx" };
  } else {
    const detected = hasByteOrderMark(bytes) ? undefined : await fileTypeFromBuffer(bytes);
    if (detected) {
      const what = detected.mime === "application/x-cfb" ? "an Excel 97-2003 workbook (.xls); save it as .xlsx or CSV UTF-8" : `a ${detected.ext.toUpperCase()} file (${detected.mime})`;
      throw unsupportedMediaType(`The file is ${what}. ${ACCEPTED}.`, { file: "Unsupported file type" });
    }
    const { text, encoding } = decodeText(bytes);
    // NUL never appears in text: these are the bytes of some binary format the sniffer does not know.
    if (text.includes("\u0000")) throw unsupportedMediaType(`The file is not text. ${ACCEPTED}.`, { file: "Unsupported file type" });
    const sheet = readCsv(text);
    if (encoding === "Windows-1252") {
      sheet.notes.push(`The file is not in UTF-8: it was read as Windows-1252 (what older Excel saves as "CSV (Comma delimited)"). Check that the names read right. ${SAVE_AS_UTF8}.`);
    }
    read = { sheet, format: "csv" };
  }
  const { sheet } = read;
  if (sheet.header.every((h) => h === "")) throw badRequest("The file is empty: its first row must be the header, the column names");
  if (sheet.rows.length === 0) throw badRequest("The file has no data rows: row 1 is the header, and the rows to import start on row 2");
  if (sheet.rows.length > maxRows) throw tooManyRows(maxRows)(sheet.rows.length);
  return read;
}

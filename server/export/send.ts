/**
 * A list's file as the reply (issue 27): named `<list>-<day>.<format>` as an attachment, CSV (text/csv,
 * UTF-8 with a BOM) or XLSX, streamed as the rows arrive. Every list route that answers `format=`
 * sends its file through here: the declared resources', the passport lists, users, the security log.
 */
import type { FastifyReply } from "fastify";
import dayjs from "dayjs";
import type { ExportFormat } from "../../src/contract";
import { badRequest } from "../http/errors";
import { attachmentDisposition } from "../http/file-names";
import { type ExportCell, type ExportColumn, exportFileName } from "./cells";
import { csvStream } from "./csv";
import { XLSX_CONTENT_TYPE, xlsxStream } from "./xlsx";

export interface ExportFile {
  format: ExportFormat;
  /** The file's name before its day: "pending-passports". */
  name: string;
  /** The worksheet's name: "Pending Passports". */
  sheet: string;
  columns: readonly ExportColumn[];
  rows: AsyncIterable<readonly ExportCell[]>;
  /** Today, for the file's name. */
  now: Date | number;
}

export function sendExport(reply: FastifyReply, file: ExportFile): FastifyReply {
  const name = exportFileName(file.name, dayjs(file.now).format("YYYY-MM-DD"), file.format);
  reply.header("content-disposition", attachmentDisposition(name));
  if (file.format === "xlsx") return reply.header("content-type", XLSX_CONTENT_TYPE).send(xlsxStream(file.sheet, file.columns, file.rows));
  const texts = (async function* () {
    for await (const row of file.rows) yield row.map((cell) => cell.text);
  })();
  return reply.header("content-type", "text/csv; charset=utf-8").send(csvStream(file.columns.map((c) => c.header), texts));
}

/**
 * Refuses an Excel file of a list longer than EXPORT_XLSX_MAX_ROWS (400, offering CSV). `total` is the
 * list's length, or with `countedUpTo` its length counted no further than one past the cap.
 */
export function assertFitsXlsx(total: number, max: number, countedUpTo = false): void {
  if (total <= max) return;
  const length = countedUpTo ? `more than ${max.toLocaleString("en")}` : total.toLocaleString("en");
  const message = `An Excel file holds at most ${max.toLocaleString("en")} rows; this list has ${length}. Export it as CSV, or narrow it with filters.`;
  throw badRequest(message, { format: message });
}

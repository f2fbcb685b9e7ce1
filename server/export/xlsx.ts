/**
 * Lists as Excel files (issue 27): exceljs's streaming writer, one worksheet, a bold header row; dates
 * as date cells shown DD/MM/YYYY, money as numbers shown with ৳, numbers as numbers, the rest as text
 * (a text cell is never a formula, so nothing needs neutralising). The writer keeps each row's strings
 * until the end, so its memory grows with the list: EXPORT_XLSX_MAX_ROWS caps it.
 */
import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { type ExportCell, type ExportColumn, ROWS_PER_TURN, nextTurn } from "./cells";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const FORMATS: Partial<Record<ExportColumn["kind"], string>> = {
  date: "dd/mm/yyyy",
  dateTime: "dd/mm/yyyy hh:mm",
  money: '"৳"#,##0',
};

/** The header, then each row, as an XLSX file's bytes; an error while reading rows ends the stream with it. */
export function xlsxStream(sheetName: string, columns: readonly ExportColumn[], rows: AsyncIterable<readonly ExportCell[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column, i) => ({
    key: String(i),
    header: column.header,
    width: column.kind === "text" ? 24 : 14,
    style: FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      let written = 0;
      for await (const row of rows) {
        if (out.destroyed) return;
        sheet.addRow(row.map((cell) => cell.value ?? cell.text)).commit();
        if (++written % ROWS_PER_TURN === 0) await nextTurn();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/**
 * An Excel workbook's first worksheet as a sheet, read by exceljs: date cells as dates, numbers as
 * numbers, rich text and links as their text. A formula or a merged cell is refused, naming the cell:
 * an import takes values typed in, not what a formula made of other cells (which exceljs can only read
 * as last saved), and a merged cell leaves every cell but its first empty.
 */
import ExcelJS from "exceljs";
import { badRequest } from "../http/errors";
import { type Cell, type Sheet, isBlankRow } from "./sheet";

/** An exceljs cell value as a plain cell. */
function plainValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : plainValue(value.text as ExcelJS.CellValue);
  if ("error" in value) return String(value.error);
  return null;
}

/** The workbook, or undefined when the bytes are a ZIP archive of something else. */
export async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook | undefined> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    return undefined;
  }
  return workbook.worksheets.length > 0 ? workbook : undefined;
}

export function readWorksheet(workbook: ExcelJS.Workbook, maxRows: number, tooManyRows: (rows: number) => Error): Sheet {
  const worksheet = workbook.worksheets[0];
  const merges = ((worksheet.model as { merges?: string[] }).merges ?? []).filter(Boolean);
  if (merges.length > 0) {
    const listed = merges.slice(0, 5).join(", ");
    throw badRequest(`The sheet "${worksheet.name}" has merged cells (${listed}${merges.length > 5 ? ", …" : ""}): unmerge them, so that each row holds its own values, and upload it again`);
  }
  // The header is one of the rows counted; blank rows are not.
  if (worksheet.actualRowCount - 1 > maxRows) throw tooManyRows(worksheet.actualRowCount - 1);
  let header: string[] = [];
  const rows: Sheet["rows"] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Formula) {
        throw badRequest(`Cell ${cell.address} of the sheet "${worksheet.name}" holds a formula: replace it by its value (copy, then "Paste values") and upload it again`);
      }
      cells[column - 1] = plainValue(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= null;
    if (rowNumber === 1) header = cells.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c ?? "")).trim());
    else if (!isBlankRow(cells)) rows.push({ row: rowNumber, cells });
  });
  return { header, rows, notes: [] };
}

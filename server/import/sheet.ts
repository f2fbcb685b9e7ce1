/** A spreadsheet as an import reads it, whatever its format: the header row and the data rows. */

/** A cell: text (every CSV cell), or a typed XLSX value (a date cell as a Date at UTC midnight). */
export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row as numbered in the file: the header is row 1, the first data row 2. */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  /** The header row's cells as text, trimmed. */
  header: string[];
  /** The data rows; blank rows are left out (their numbers are skipped, not reused). */
  rows: SheetRow[];
  /** Notes about the whole file (how it was decoded), for the report's warnings. */
  notes: string[];
}

/** A cell as text: a date as YYYY-MM-DD, a number as written, empty for none. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return String(cell);
}

export const isBlankRow = (cells: readonly Cell[]) => cells.every((c) => cellText(c).trim() === "");

/** "A", "B", ... "AA": a column's letter, as spreadsheets name it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

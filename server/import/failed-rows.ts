/**
 * The failed-rows file: the file's own columns and the failed rows' cells as they were read, plus an
 * "Errors" column saying what to fix, as CSV or XLSX (the export writers), to fix and upload again.
 */
import type { Readable } from "node:stream";
import { csvStream } from "../export/csv";
import { xlsxStream } from "../export/xlsx";
import { normaliseHeader } from "./header-match";
import { type Cell, cellText } from "./sheet";

export interface FailedRow {
  cells: readonly Cell[];
  /** Every message of the row, one line each: "Phone: Enter a valid Bangladeshi phone number". */
  errors: readonly string[];
}

export const ERRORS_HEADER = "Errors";

/** "march passports.xlsx" → "march passports-failed-rows.csv". */
export const failedRowsName = (fileName: string, format: string) => `${fileName.replace(/\.[^.]*$/, "") || "import"}-failed-rows.${format}`;

/**
 * The file's header and failed rows with their errors. A column the file already heads "Errors" (a
 * failed-rows file uploaded again) is left out: the new Errors column replaces it.
 */
export function failedRowsFile(format: "csv" | "xlsx", header: readonly string[], rows: readonly FailedRow[]): Readable {
  const width = Math.max(header.length, ...rows.map((r) => r.cells.length));
  const kept = Array.from({ length: width }, (_, i) => i).filter((i) => normaliseHeader(header[i] ?? "") !== normaliseHeader(ERRORS_HEADER));
  const head = [...kept.map((i) => header[i] ?? ""), ERRORS_HEADER];
  const texts = rows.map((r) => [...kept.map((i) => cellText(r.cells[i])), r.errors.join("\n")]);
  async function* each<T>(items: readonly T[]) {
    yield* items;
  }
  if (format === "xlsx") {
    const columns = head.map((h) => ({ header: h, kind: "text" as const }));
    return xlsxStream("Failed rows", columns, each(texts.map((row) => row.map((text) => ({ text })))));
  }
  return csvStream(head, each(texts));
}

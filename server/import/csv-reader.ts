/** A CSV file's text as a sheet, read by csv-parse: every cell text, rows numbered as a spreadsheet shows them. */
import { CsvError, parse } from "csv-parse/sync";
import { badRequest } from "../http/errors";
import { type Sheet, isBlankRow } from "./sheet";

/** The separator the header line uses most: a comma, or the semicolon or tab of some Excel locales. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((s) => [s, firstLine.split(s).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/**
 * A cell our CSV writers neutralised ("'=SUM(…)", "'+8801…": server/export/csv.ts) read back as it
 * was, so a failed-rows file fixed and uploaded again keeps its values.
 */
const unneutralise = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export function readCsv(text: string): Sheet {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      // A quote inside an unquoted cell (Abdul "Babu" Karim, typed by hand) is kept as written.
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`The CSV file could not be read: ${error.message}`);
    throw error;
  }
  const [header = [], ...data] = records;
  return {
    header: header.map((h) => h.trim()),
    rows: data.map((cells, i) => ({ row: i + 2, cells: cells.map(unneutralise) })).filter((r) => !isBlankRow(r.cells)),
    notes: [],
  };
}

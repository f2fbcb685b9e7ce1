/**
 * Lists as CSV files (issue 27): UTF-8 with a byte-order mark, so Excel shows Bengali names; written by
 * csv-stringify as the rows arrive, so a long list is never held whole; a cell a spreadsheet would take
 * for a formula is neutralised (OWASP "CSV Injection").
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { ROWS_PER_TURN, nextTurn } from "./cells";

/** A cell starting with =, +, -, @, a tab or a carriage return is prefixed with ' so it stays text. */
export const neutralise = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/**
 * The header, then each row, as a CSV stream; an error while reading rows ends the stream with it, and a
 * stream destroyed (a cancelled download) stops the reading. Rows go out ROWS_PER_TURN to a chunk: a
 * chunk per row kept thousands of small writes pending on the socket, which on PostgreSQL (rows coming
 * between network waits) lived long enough to be promoted and grew the heap by 100 MB before a full GC.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  async function* chunks() {
    let bom = true;
    let pending: string[][] = [header.map(neutralise)];
    const flush = () => {
      const text = stringify(pending, { bom, record_delimiter: "windows" });
      bom = false;
      pending = [];
      return text;
    };
    for await (const row of rows) {
      pending.push(row.map(neutralise));
      if (pending.length >= ROWS_PER_TURN) {
        yield flush();
        await nextTurn();
      }
    }
    yield flush();
  }
  return Readable.from(chunks(), { objectMode: false });
}

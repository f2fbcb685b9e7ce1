/**
 * Lists as CSV files (issue 27): UTF-8 with a byte-order mark, so Excel shows Bengali names; written by
 * csv-stringify as the rows arrive, so a long list is never held whole; a cell a spreadsheet would take
 * for a formula is neutralised (OWASP "CSV Injection").
 */
import type { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { ROWS_PER_TURN, nextTurn } from "./cells";

/** A cell starting with =, +, -, @, a tab or a carriage return is prefixed with ' so it stays text. */
export const neutralise = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** Until the reader wants more, or has gone (a cancelled download closes the stream: reading stops). */
function drained(out: Readable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

/** The header, then each row, as a CSV stream; an error while reading rows ends the stream with it. */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly string[]>): Readable {
  const out = stringify({ bom: true, eof: true, record_delimiter: "windows" });
  void (async () => {
    try {
      out.write(header.map(neutralise));
      let written = 0;
      for await (const row of rows) {
        if (out.destroyed) return;
        if (!out.write(row.map(neutralise))) await drained(out);
        else if (++written % ROWS_PER_TURN === 0) await nextTurn();
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

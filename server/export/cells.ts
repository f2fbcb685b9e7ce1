/** What a list's file holds, whatever its format: its columns, and each row's cells. */
export interface ExportColumn {
  header: string;
  /** How a spreadsheet types the column's cells: dates as dates, money and numbers as numbers. */
  kind: "text" | "date" | "dateTime" | "money" | "number";
}

/** A cell as the screens write it (`text`, what CSV holds) and, for dates and numbers, its typed value. */
export interface ExportCell {
  text: string;
  value?: Date | number;
}

/** `pending-passports-2026-11-26.csv`: the list, the day and the format. */
export const exportFileName = (list: string, day: string, format: string) => `${list}-${day}.${format}`;

/** Rows written between two turns of the event loop (`nextTurn`). */
export const ROWS_PER_TURN = 500;

/**
 * The next turn of the event loop. better-sqlite3 answers synchronously, so a walk over it runs in
 * microtasks alone: without a turn now and then, the response would not start (nor anything else run)
 * until the whole list had been read (the history of 200,000 passports: 1.2–1.8 s before the first byte, 60–120 ms with turns).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

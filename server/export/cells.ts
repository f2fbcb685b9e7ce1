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

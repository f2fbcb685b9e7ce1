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

/**
 * The columns of a list whose file is written from its records (the User List, the Security Log): each
 * by its key, with the screen's label, how a spreadsheet types it, and its cell's words. `columns=`
 * names the keys, in order; the list's own by default.
 */
import { z } from "zod";
import type { ExportCell, ExportColumn } from "./cells";

export interface RecordColumn<Row> {
  header: string;
  kind?: ExportColumn["kind"];
  text: (row: Row) => string;
  /** The typed value of a date or number cell. */
  value?: (row: Row) => ExportCell["value"];
}

export type RecordColumns<Row> = Record<string, RecordColumn<Row>>;

/** The message of a `columns=` naming a key the list has not. */
export const unknownColumnsMessage = (keys: readonly string[]) => `columns must name the list's columns, comma-separated: ${keys.join(", ")}`;

/** Checks `columns` against the list's keys (400 with the field's message). */
export const checkColumns =
  (keys: readonly string[]) =>
  (query: { columns?: string[] }, ctx: z.RefinementCtx): void => {
    if (query.columns !== undefined && (query.columns.length === 0 || query.columns.some((c) => !keys.includes(c)))) {
      ctx.addIssue({ code: "custom", path: ["columns"], message: unknownColumnsMessage(keys) });
    }
  };

/** The chosen columns (checked by the route's schema), in order. */
export const chosenColumns = <Row>(columns: RecordColumns<Row>, asked: readonly string[] | undefined) => (asked ?? Object.keys(columns)).map((key) => columns[key]);

export const exportColumnsOf = <Row>(chosen: readonly RecordColumn<Row>[]): ExportColumn[] => chosen.map((c) => ({ header: c.header, kind: c.kind ?? "text" }));

/** Each record of the batches as its row. */
export async function* recordRows<Row>(chosen: readonly RecordColumn<Row>[], batches: AsyncIterable<readonly Row[]>): AsyncGenerator<ExportCell[]> {
  for await (const batch of batches) for (const row of batch) yield chosen.map((c) => ({ text: c.text(row), value: c.value?.(row) }));
}

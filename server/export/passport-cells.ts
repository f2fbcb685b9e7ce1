/**
 * Passport lists as files (issue 27): the columns by their ids (src/resources/passport-columns.ts),
 * titled and written as the passport tables write them (src/format/passport-cells.ts); an empty value
 * is an empty cell. SL is the row's number in the file; Attachments, a link on screen, is no data and
 * is left out. Dates are also date cells, amounts and numbers number cells, for a spreadsheet.
 */
import type { Passport } from "../../src/contract";
import { EMPTY } from "../../src/format";
import { PASSPORT_COLUMN_TITLES, PASSPORT_DATE_COLUMNS, passportCellText } from "../../src/format/passport-cells";
import { PASSPORT_COLUMN_IDS, type PassportColumnId } from "../../src/resources/passport-columns";
import type { ExportCell, ExportColumn } from "./cells";

/** The columns a passport list's file may hold. */
export const EXPORTED_PASSPORT_COLUMNS: readonly PassportColumnId[] = PASSPORT_COLUMN_IDS.filter((id) => id !== "attachments");

const KINDS: Partial<Record<PassportColumnId, ExportColumn["kind"]>> = {
  serial: "number",
  age: "number",
  visaRemainingDays: "number",
  contractAmount: "money",
  flightScheduleDate: "dateTime",
  ...Object.fromEntries([...PASSPORT_DATE_COLUMNS].map((id) => [id, "date"])),
};

export const passportExportColumns = (ids: readonly PassportColumnId[]): ExportColumn[] =>
  ids.map((id) => ({ header: PASSPORT_COLUMN_TITLES[id], kind: KINDS[id] ?? "text" }));

function typedValue(kind: ExportColumn["kind"], value: unknown): ExportCell["value"] {
  if (value === null || value === undefined || value === "") return undefined;
  if (kind === "date") return new Date(`${String(value)}T00:00:00Z`);
  if (kind === "dateTime") return new Date(String(value));
  if (kind === "money" || kind === "number") return Number(value);
  return undefined;
}

/** A passport's row, numbered `serial` (from 1). */
export function passportRow(ids: readonly PassportColumnId[], passport: Passport, serial: number): ExportCell[] {
  return ids.map((id) => {
    const text = passportCellText(id, passport, serial);
    const kind = KINDS[id] ?? "text";
    const value = id === "serial" ? serial : typedValue(kind, (passport as unknown as Record<string, unknown>)[id]);
    return { text: text === EMPTY ? "" : text, value };
  });
}

/** The rows of a list's batches, numbered from 1 in the list's order. */
export async function* passportRows(ids: readonly PassportColumnId[], batches: AsyncIterable<Passport[]>): AsyncGenerator<ExportCell[]> {
  let serial = 0;
  for await (const batch of batches) for (const passport of batch) yield passportRow(ids, passport, ++serial);
}

/** `columns=` of a passport list: known ids (attachments dropped), else the field's message. */
export function passportColumnsOf(asked: readonly string[] | undefined, fallback: readonly PassportColumnId[]): PassportColumnId[] | string {
  if (asked === undefined) return fallback.filter((id) => id !== "attachments");
  const unknown = asked.filter((id) => !(PASSPORT_COLUMN_IDS as readonly string[]).includes(id));
  const kept = asked.filter((id) => id !== "attachments") as PassportColumnId[];
  if (unknown.length > 0 || kept.length === 0) return `columns must name passport columns, comma-separated: ${EXPORTED_PASSPORT_COLUMNS.join(", ")}`;
  return kept;
}

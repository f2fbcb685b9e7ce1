import dayjs, { type Dayjs } from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";

dayjs.extend(customParseFormat);

export type DateValue = string | number | Date | Dayjs | null | undefined;

/** Shown wherever a date or an amount is missing (spec §9). */
export const EMPTY = "---";

/**
 * The users' convention (domain notes: dates are read day first). Dates on the wire stay YYYY-MM-DD
 * and date-times ISO 8601; only what people read and type is DD/MM/YYYY.
 */
export const DATE_FORMAT = "DD/MM/YYYY";
export const DATE_TIME_FORMAT = "DD/MM/YYYY HH:mm";
export const WIRE_DATE_FORMAT = "YYYY-MM-DD";

/**
 * What a date picker accepts when a date is typed: the display format first (antd shows values in the
 * first), then single-digit days and months, hyphens, and the wire form pasted from elsewhere.
 */
export const DATE_INPUT_FORMATS = [DATE_FORMAT, "D/M/YYYY", "DD-MM-YYYY", "D-M-YYYY", WIRE_DATE_FORMAT];
export const DATE_TIME_INPUT_FORMATS = [DATE_TIME_FORMAT, "D/M/YYYY HH:mm", "D/M/YYYY H:mm", "YYYY-MM-DD HH:mm"];

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A wire value as a dayjs in local time; a bare YYYY-MM-DD is that calendar day, never shifted by the time zone. */
export function parseDate(value: DateValue): Dayjs | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" && WIRE_DATE.test(value) ? dayjs(value, WIRE_DATE_FORMAT, true) : dayjs(value);
  return date.isValid() ? date : null;
}

/** "2026-05-12" → "12/05/2026"; "---" when empty or invalid. */
export function formatDate(value: DateValue): string {
  return parseDate(value)?.format(DATE_FORMAT) ?? EMPTY;
}

/** An ISO date-time → "12/05/2026 14:30" in the browser's time zone, no seconds; "---" when empty or invalid. */
export function formatDateTime(value: DateValue): string {
  return parseDate(value)?.format(DATE_TIME_FORMAT) ?? EMPTY;
}

/** A picked date as the wire's "YYYY-MM-DD" (null when cleared). */
export function toWireDate(date: Dayjs | null | undefined): string | null {
  return date ? date.format(WIRE_DATE_FORMAT) : null;
}

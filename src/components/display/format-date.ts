import dayjs, { type Dayjs } from "dayjs";

export type DateInput = string | number | Date | Dayjs | null | undefined;

/** Shown wherever a date is missing (spec §9). */
export const EMPTY_DATE = "---";

function parse(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === "") return null;
  // dayjs reads "YYYY-MM-DD" as local midnight, so the calendar day never shifts across time zones.
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** A date in the browser's local format ("---" when empty or invalid). */
export function formatDate(value: DateInput): string {
  return parse(value)?.toDate().toLocaleDateString() ?? EMPTY_DATE;
}

/** A date and time in the browser's local format, for the flight schedule ("---" when empty or invalid). */
export function formatDateTime(value: DateInput): string {
  return parse(value)?.toDate().toLocaleString() ?? EMPTY_DATE;
}

import { EMPTY, formatDate, formatDateTime } from "../../format/dates";
import { formatMoney } from "../../format/money";
import type { PassportColumnId } from "../../resources/passport-columns";

const DATE_COLUMNS = new Set<PassportColumnId>(["passportIssueDate", "passportExpireDate", "dob", "visaIssueDate", "visaExpireDate"]);

/**
 * A column's value as every passport table writes it (no antd here: the first screen writes it too):
 * dates DD/MM/YYYY, the flight's date and time, money in taka, "---" when empty.
 */
export function columnText(id: PassportColumnId, value: unknown): string {
  if (DATE_COLUMNS.has(id)) return formatDate(value as string | null);
  if (id === "flightScheduleDate") return formatDateTime(value as string | null);
  if (id === "contractAmount") return formatMoney(value as number | null);
  return value === null || value === undefined || value === "" ? EMPTY : String(value);
}

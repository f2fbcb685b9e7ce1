import type { Passport } from "../contract/dto";
import { MILESTONES } from "../contract/enums";
import { displayStatus, statusColor, type StatusPalette } from "../components/display/status";
import { EMPTY, formatDate, formatDateTime } from "../format/dates";
import { formatMoney } from "../format/money";
import type { PassportColumnId } from "../resources/passport-columns";

/** A cell as the first screen draws it: plain text, or a tag in one of antd's preset colours. */
export type CellText = { text: string; tag?: string };

const MILESTONE_FIELDS = new Set<string>(MILESTONES.map((m) => m.field));
const DATE_COLUMNS = new Set<string>(["passportIssueDate", "passportExpireDate", "dob", "visaIssueDate", "visaExpireDate"]);

const plain = (value: unknown): CellText => ({ text: value === null || value === undefined || value === "" ? EMPTY : String(value) });

/** What the passport table shows in column `id` (src/components/passport-table/columns.tsx), as text. */
export function cellText(id: PassportColumnId, passport: Passport, serial: number, palette: StatusPalette): CellText {
  const value = (passport as unknown as Record<string, unknown>)[id];
  if (id === "serial") return { text: String(serial) };
  if (id === "attachments") return { text: "View Attachments" };
  if (id === "status") return { text: displayStatus(passport.isSuperAdminApproved), tag: statusColor(passport.isSuperAdminApproved, palette) };
  if (MILESTONE_FIELDS.has(id)) return value ? { text: "Done", tag: "green" } : { text: "Processing", tag: "red" };
  if (DATE_COLUMNS.has(id)) return { text: formatDate(value as string | null) };
  if (id === "flightScheduleDate") return { text: formatDateTime(value as string | null) };
  if (id === "contractAmount") return { text: formatMoney(value as number | null) };
  return plain(value);
}

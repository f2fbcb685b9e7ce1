/**
 * How a passport's columns are titled and written, as words (no colours, links or React): every
 * passport list on screen (src/components/passport-table), the first screen, and the server's export
 * of the lists (server/export/passport-cells.ts) write them through here, so a file reads as the screen.
 */
import type { Passport } from "../contract/dto";
import { MILESTONES, type MilestoneField } from "../contract/enums";
import type { PassportColumnId } from "../resources/passport-columns";
import { EMPTY, formatDate, formatDateTime } from "./dates";
import { formatMoney } from "./money";

/** Column titles (spec §2); those of the searchable ones are also the filter chips' names. */
export const PASSPORT_COLUMN_TITLES: Record<PassportColumnId, string> = {
  serial: "SL",
  fullName: "Full Name",
  passportNo: "Passport No",
  fathersName: "Father's Name",
  mothersName: "Mother's Name",
  passportIssueDate: "Passport Issue Date",
  passportExpireDate: "Passport Expire Date",
  dob: "Date of Birth",
  age: "Age",
  schooling: "Schooling",
  maritalStatus: "Marital Status",
  telephone: "Phone",
  contractAmount: "Contract Amount (BDT)",
  agentName: "Agent Name",
  slot: "Slot",
  visaType: "Visa Type",
  attachments: "Attachments",
  status: "Status",
  commentByAdmin: "Comment",
  commentBySuperAdmin: "Comment",
  ...(Object.fromEntries(MILESTONES.map((m) => [m.field, m.label])) as Record<MilestoneField, string>),
  visaIssueDate: "Visa Issue Date",
  visaExpireDate: "Visa Expiry Date",
  visaRemainingDays: "Visa Remaining Days",
  flightScheduleDate: "Flight Schedule Date",
};

/** Calendar-date columns (DD/MM/YYYY). */
export const PASSPORT_DATE_COLUMNS: ReadonlySet<PassportColumnId> = new Set(["passportIssueDate", "passportExpireDate", "dob", "visaIssueDate", "visaExpireDate"]);

export const MILESTONE_COLUMNS: ReadonlySet<PassportColumnId> = new Set(MILESTONES.map((m) => m.field));

/**
 * Compound statuses ("APPROVED_BY_ADMIN", "rejected_by_super_admin", "APPROVEDBYADMIN") are shown
 * with "-BY-" (spec §2, §4): the first "BY" in any case, together with any underscores, hyphens or
 * spaces around it, becomes "-BY-". Values without "BY" are shown unchanged.
 */
export function displayStatus(status: string | null | undefined): string {
  if (!status) return "";
  return status.replace(/[\s_-]*BY[\s_-]*/i, "-BY-");
}

/** A milestone flag's words (spec §2). */
export const progressFlagText = (done: boolean | null | undefined) => (done ? "Done" : "Processing");

/**
 * A column's value as every passport table writes it: dates DD/MM/YYYY, the flight's date and time,
 * money in taka, "---" when empty.
 */
export function columnText(id: PassportColumnId, value: unknown): string {
  if (PASSPORT_DATE_COLUMNS.has(id)) return formatDate(value as string | null);
  if (id === "flightScheduleDate") return formatDateTime(value as string | null);
  if (id === "contractAmount") return formatMoney(value as number | null);
  return value === null || value === undefined || value === "" ? EMPTY : String(value);
}

/** Column `id` of `passport` in words, the row numbered `serial`: the status with "-BY-", flags as Done / Processing. */
export function passportCellText(id: PassportColumnId, passport: Passport, serial: number): string {
  if (id === "serial") return String(serial);
  if (id === "attachments") return "View Attachments";
  if (id === "status") return displayStatus(passport.isSuperAdminApproved);
  const value = (passport as unknown as Record<string, unknown>)[id];
  if (MILESTONE_COLUMNS.has(id)) return progressFlagText(Boolean(value));
  return columnText(id, value);
}

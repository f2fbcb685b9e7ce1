/**
 * How a passport's columns are titled and written, as words (no colours, links or React): every
 * passport list on screen (src/components/passport-table), the first screen, and the server's export
 * of the lists (server/export/passport-cells.ts) write them through here, so a file reads as the screen.
 */
import type { Passport } from "../contract/dto";
import { MILESTONES, type MilestoneField } from "../contract/enums";
import type { PassportColumnId } from "../resources/passport-columns";
import { localDigits } from "../i18n/digits";
import type { Language } from "../contract/enums";
import { EMPTY, formatDate, formatDateTime } from "./dates";
import { formatMoney } from "./money";

/**
 * Column titles (spec §2) in English: the server's files and import read these. The app's screens
 * title their columns in the chosen language (passportTable.columns.* in src/i18n/locales).
 */
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

/** Columns holding a count (years, days): written in the language's digits, unlike identifiers. */
const NUMBER_COLUMNS: ReadonlySet<PassportColumnId> = new Set(["age", "visaRemainingDays"]);

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
 * money in taka, "---" when empty. In Bengali (the app's screens) dates, money, age and days take
 * Bengali digits; identifiers (passport, phone, NID, slot) and names stay as typed.
 */
export function columnText(id: PassportColumnId, value: unknown, language: Language = "en"): string {
  if (PASSPORT_DATE_COLUMNS.has(id)) return localDigits(formatDate(value as string | null), language);
  if (id === "flightScheduleDate") return localDigits(formatDateTime(value as string | null), language);
  if (id === "contractAmount") return localDigits(formatMoney(value as number | null), language);
  if (value === null || value === undefined || value === "") return EMPTY;
  return NUMBER_COLUMNS.has(id) ? localDigits(String(value), language) : String(value);
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

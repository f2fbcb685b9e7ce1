import { MILESTONES, type PassportStatus } from "../contract";

/**
 * Columns a passport table may show, by id; a resource lists the ids it shows, in order. How each
 * one is titled, written and laid out is the passport table's (src/components/passport-table/:
 * column-titles.ts, view-model.ts, column-layout.ts).
 */
export const PASSPORT_COLUMN_IDS = [
  "serial",
  "fullName",
  "passportNo",
  "fathersName",
  "mothersName",
  "passportIssueDate",
  "passportExpireDate",
  "dob",
  "age",
  "schooling",
  "maritalStatus",
  "telephone",
  "contractAmount",
  "agentName",
  "slot",
  "visaType",
  "attachments",
  "status",
  "commentByAdmin",
  "commentBySuperAdmin",
  ...MILESTONES.map((m) => m.field),
  "visaIssueDate",
  "visaExpireDate",
  "visaRemainingDays",
  "flightScheduleDate",
] as const satisfies readonly string[];
export type PassportColumnId = (typeof PASSPORT_COLUMN_IDS)[number];

/** How a passport list looks: its columns, which get a header search popup, and the agent dropdown. */
export interface PassportTableSpec {
  columns: readonly PassportColumnId[];
  /** Columns with a header search popup; each must have a filter key (passport-table/table-params.ts COLUMN_FILTER_KEYS). */
  search: readonly PassportColumnId[];
  /** The agent dropdown of the admin and super-admin tables (switches to the agent-specific endpoint). */
  agentFilter?: boolean;
  /** "history" colours every status but APPROVED / REJECTED blue. */
  statusPalette?: "default" | "history";
  /**
   * The statuses the list shows (its fixed status, or declared); undefined when it is not a list by
   * status (every status with a status filter, or one user's entries). The Overview and the menu's
   * counts read it.
   */
  statuses?: readonly PassportStatus[];
  /**
   * What a phone's card shows besides the name, passport number, status and actions: the flags and
   * values that matter on this list, labelled. Defaults to those of CARD_FIELDS the list shows.
   */
  card?: readonly PassportColumnId[];
}

/** Spec §2 text columns with search popups. */
export const TEXT_SEARCH: readonly PassportColumnId[] = ["fullName", "passportNo", "telephone", "agentName", "slot", "visaType"];
/** The history table has no slot and adds status. */
export const HISTORY_SEARCH: readonly PassportColumnId[] = ["fullName", "passportNo", "telephone", "agentName", "visaType", "status"];

/** The Pending Passport Table's columns in the order of spec §2 (actions and comment are the page's). */
export const FULL_PASSPORT_COLUMNS: readonly PassportColumnId[] = [
  "serial",
  "fullName",
  "passportNo",
  "fathersName",
  "mothersName",
  "passportIssueDate",
  "passportExpireDate",
  "dob",
  "age",
  "schooling",
  "maritalStatus",
  "telephone",
  "agentName",
  "slot",
  "visaType",
  "attachments",
  "status",
];

/** Progress columns: the six milestones with the visa and flight dates where they belong. */
export const PROGRESS_COLUMNS: readonly PassportColumnId[] = [
  "isWorkPermitApproved",
  "isGadgetPublished",
  "isVisaApplied",
  "isVisaGranted",
  "visaIssueDate",
  "visaExpireDate",
  "visaRemainingDays",
  "isBMETApproved",
  "isFlightScheduled",
  "flightScheduleDate",
];

/** Spec §2 Passport History Table, in order. */
export const HISTORY_COLUMNS: readonly PassportColumnId[] = [
  "serial",
  "fullName",
  "passportNo",
  "telephone",
  "agentName",
  "visaType",
  "status",
  ...PROGRESS_COLUMNS,
];

/** Card fields by default (when a list shows them): who and which slot, then the progress. */
export const CARD_FIELDS: readonly PassportColumnId[] = ["agentName", "slot", ...PROGRESS_COLUMNS];

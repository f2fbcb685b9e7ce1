import { PATHS } from "../contract";
import { FULL_PASSPORT_COLUMNS, PROGRESS_COLUMNS } from "./passport-columns";
import { passportList } from "./passport-list";

const filterByStatus = (status: string) => ({
  path: PATHS.filter,
  query: { isSuperAdminApproved: status },
  byAgentPath: PATHS.filterAgentSpecific,
});

/** Spec §2 admin screens. */
export const adminAgentDataEntry = passportList({
  identifier: "admin-agent-data-entry",
  role: "ADMIN",
  label: "Agent Data Entry",
  path: "agent-data-entry",
  list: { path: PATHS.agentPassports },
  menu: { label: "Agent Data Entry", order: 1 },
  // import: passports from a spreadsheet (issue 27; docs/import.md).
  actions: { create: ["ADMIN"], edit: ["ADMIN"], import: ["ADMIN"] },
  page: "agent-data-entry",
  // Attachments open from the row menu.
  table: { columns: FULL_PASSPORT_COLUMNS.filter((id) => id !== "attachments") },
});

export const adminPendingPassports = passportList({
  identifier: "admin-pending-passports",
  role: "ADMIN",
  label: "Pending Passports",
  path: "pending",
  dashboardIndex: true,
  list: filterByStatus("PENDING"),
  menu: { label: "Pending", order: 3 },
  actions: { review: ["ADMIN"], reject: ["ADMIN"], comment: ["ADMIN"] },
  page: "admin-pending",
});

export const adminReviewedPassports = passportList({
  identifier: "admin-reviewed-passports",
  role: "ADMIN",
  label: "Reviewed Passports",
  path: "reviewed",
  list: filterByStatus("REVIEWED"),
  menu: { label: "Reviewed", order: 4 },
  page: "passport-list",
});

export const adminWorkPermit = passportList({
  identifier: "admin-work-permit",
  role: "ADMIN",
  label: "Work Permit Submission",
  path: "work-permit",
  list: filterByStatus("REVIEWED"),
  menu: { label: "Work Permit Submission", order: 5 },
  actions: { progress: ["ADMIN"], complete: ["ADMIN"] },
  page: "work-permit",
  table: {
    columns: ["serial", "fullName", "passportNo", "telephone", "agentName", "slot", "visaType", "attachments", "status", ...PROGRESS_COLUMNS],
  },
});

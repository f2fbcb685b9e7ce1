import { PATHS } from "../contract";
import { MENU_GROUPS } from "./menu-groups";
import { FULL_PASSPORT_COLUMNS, PROGRESS_COLUMNS, TEXT_SEARCH } from "./passport-columns";
import { passportList } from "./passport-list";

/** Spec §2 agent screens: the agent's own passports by status, read-only. */
const own = (status: string) => ({ path: PATHS.filterAgentSpecific, query: { isSuperAdminApproved: status } });
const group = MENU_GROUPS.agentRole.label;
const page = "passport-list";
/** The agent's own passports, so no agent column or search; the progress flags as Done / Processing. */
const table = {
  columns: [...FULL_PASSPORT_COLUMNS.filter((c) => c !== "agentName"), ...PROGRESS_COLUMNS],
  search: TEXT_SEARCH.filter((c) => c !== "agentName"),
};

export const agentPendingPassports = passportList({
  identifier: "agent-pending-passports",
  role: "AGENT",
  label: { en: "Pending Passports", bn: "অপেক্ষমাণ পাসপোর্ট" },
  path: "pending",
  dashboardIndex: true,
  list: own("PENDING"),
  menu: { label: { en: "Pending", bn: "অপেক্ষমাণ" }, order: 1, group },
  page,
  table,
});

/**
 * Ours (issue 14): the agent's passports between review and the final decision, which are in none of
 * the spec's three lists. Its status filter narrows it to one of the two.
 */
export const agentInProgressPassports = passportList({
  identifier: "agent-in-progress-passports",
  role: "AGENT",
  label: { en: "In Progress Passports", bn: "চলমান পাসপোর্ট" },
  path: "in-progress",
  list: { path: PATHS.agentInProgressPassports },
  menu: { label: { en: "In Progress", bn: "চলমান" }, order: 2, group },
  page,
  table: { ...table, search: [...table.search, "status"], statuses: ["REVIEWED", "COMPLETED"] },
});

export const agentApprovedPassports = passportList({
  identifier: "agent-approved-passports",
  role: "AGENT",
  label: { en: "Approved Passports", bn: "অনুমোদিত পাসপোর্ট" },
  path: "approved",
  list: own("APPROVED"),
  menu: { label: { en: "Approved", bn: "অনুমোদিত" }, order: 3, group },
  page,
  table,
});

export const agentRejectedPassports = passportList({
  identifier: "agent-rejected-passports",
  role: "AGENT",
  label: { en: "Rejected Passports", bn: "বাতিল পাসপোর্ট" },
  path: "rejected",
  list: own("REJECTED"),
  menu: { label: { en: "Rejected", bn: "বাতিল" }, order: 4, group },
  page,
  table,
});

import { PATHS } from "../contract";
import { MENU_GROUPS } from "./menu-groups";
import { passportList } from "./passport-list";

/** Spec §2 agent screens: the agent's own passports by status, read-only. */
const own = (status: string) => ({ path: PATHS.filterAgentSpecific, query: { isSuperAdminApproved: status } });
const group = MENU_GROUPS.agentRole.label;

export const agentPendingPassports = passportList({
  identifier: "agent-pending-passports",
  role: "AGENT",
  label: "Pending Passports",
  path: "pending",
  dashboardIndex: true,
  list: own("PENDING"),
  menu: { label: "Pending", order: 1, group },
});

export const agentApprovedPassports = passportList({
  identifier: "agent-approved-passports",
  role: "AGENT",
  label: "Approved Passports",
  path: "approved",
  list: own("APPROVED"),
  menu: { label: "Approved", order: 2, group },
});

export const agentRejectedPassports = passportList({
  identifier: "agent-rejected-passports",
  role: "AGENT",
  label: "Rejected Passports",
  path: "rejected",
  list: own("REJECTED"),
  menu: { label: "Rejected", order: 3, group },
});

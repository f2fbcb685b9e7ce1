import { PATHS } from "../contract";
import { HISTORY_COLUMNS, HISTORY_SEARCH } from "./passport-columns";
import { passportList } from "./passport-list";

const filterByStatus = (status: string) => ({
  path: PATHS.filter,
  query: { isSuperAdminApproved: status },
  byAgentPath: PATHS.filterAgentSpecific,
});

/** Spec §2 super admin screens. */
export const superAdminPendingPassports = passportList({
  identifier: "super-admin-pending-passports",
  role: "SUPER_ADMIN",
  label: "Pending Passports",
  path: "pending",
  dashboardIndex: true,
  list: filterByStatus("REVIEWED"),
  menu: { label: "Pending", order: 1 },
  actions: { comment: ["SUPER_ADMIN"], create: ["SUPER_ADMIN"] },
  page: "super-admin-pending",
});

export const superAdminApprovedPassports = passportList({
  identifier: "super-admin-approved-passports",
  role: "SUPER_ADMIN",
  label: "Approved Passports",
  path: "approved",
  list: filterByStatus("APPROVED"),
  menu: { label: "Approved", order: 2 },
  page: "passport-list",
});

export const superAdminRejectedPassports = passportList({
  identifier: "super-admin-rejected-passports",
  role: "SUPER_ADMIN",
  label: "Rejected Passports",
  path: "rejected",
  list: filterByStatus("REJECTED"),
  menu: { label: "Rejected", order: 3 },
  page: "passport-list",
});

export const superAdminFinalApproval = passportList({
  identifier: "super-admin-final-approval",
  role: "SUPER_ADMIN",
  label: "Passport Final Approval",
  path: "final-approval",
  list: filterByStatus("COMPLETED"),
  menu: { label: "Final Approval", order: 4 },
  actions: { approve: ["SUPER_ADMIN"], reject: ["SUPER_ADMIN"] },
  page: "final-approval",
});

export const passportHistory = passportList({
  identifier: "passport-history",
  role: "SUPER_ADMIN",
  label: "Application History",
  path: "passport-history",
  list: { path: PATHS.filterHistory },
  menu: { label: "Application History", order: 6 },
  page: "passport-list",
  table: { columns: HISTORY_COLUMNS, search: HISTORY_SEARCH, statusPalette: "history" },
});

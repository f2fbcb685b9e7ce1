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
  label: { en: "Pending Passports", bn: "অপেক্ষমাণ পাসপোর্ট" },
  path: "pending",
  dashboardIndex: true,
  list: filterByStatus("REVIEWED"),
  menu: { label: { en: "Pending", bn: "অপেক্ষমাণ" }, order: 1 },
  actions: { comment: ["SUPER_ADMIN"], create: ["SUPER_ADMIN"] },
  page: "super-admin-pending",
});

export const superAdminApprovedPassports = passportList({
  identifier: "super-admin-approved-passports",
  role: "SUPER_ADMIN",
  label: { en: "Approved Passports", bn: "অনুমোদিত পাসপোর্ট" },
  path: "approved",
  list: filterByStatus("APPROVED"),
  menu: { label: { en: "Approved", bn: "অনুমোদিত" }, order: 2 },
  page: "passport-list",
});

export const superAdminRejectedPassports = passportList({
  identifier: "super-admin-rejected-passports",
  role: "SUPER_ADMIN",
  label: { en: "Rejected Passports", bn: "বাতিল পাসপোর্ট" },
  path: "rejected",
  list: filterByStatus("REJECTED"),
  menu: { label: { en: "Rejected", bn: "বাতিল" }, order: 3 },
  page: "passport-list",
});

export const superAdminFinalApproval = passportList({
  identifier: "super-admin-final-approval",
  role: "SUPER_ADMIN",
  label: { en: "Passport Final Approval", bn: "পাসপোর্টের চূড়ান্ত অনুমোদন" },
  path: "final-approval",
  list: filterByStatus("COMPLETED"),
  menu: { label: { en: "Final Approval", bn: "চূড়ান্ত অনুমোদন" }, order: 4 },
  actions: { approve: ["SUPER_ADMIN"], reject: ["SUPER_ADMIN"] },
  page: "final-approval",
});

export const passportHistory = passportList({
  identifier: "passport-history",
  role: "SUPER_ADMIN",
  label: { en: "Application History", bn: "আবেদনের ইতিহাস" },
  path: "passport-history",
  list: { path: PATHS.filterHistory },
  menu: { label: { en: "Application History", bn: "আবেদনের ইতিহাস" }, order: 6 },
  page: "passport-list",
  table: { columns: HISTORY_COLUMNS, search: HISTORY_SEARCH, statusPalette: "history" },
});

import { agentApprovedPassports, agentInProgressPassports, agentPendingPassports, agentRejectedPassports } from "./agent-passports";
import { adminAgentDataEntry, adminPendingPassports, adminReviewedPassports, adminWorkPermit } from "./admin-passports";
import {
  passportHistory,
  superAdminApprovedPassports,
  superAdminFinalApproval,
  superAdminPendingPassports,
  superAdminRejectedPassports,
} from "./super-admin-passports";
import { adminOverview, agentOverview, superAdminOverview } from "./overview";
import { securityLog } from "./security-log";
import { slots } from "./slots";
import { users } from "./users";
import type { ResourceDeclaration } from "./types";

/** Every resource of the app. Add a resource by declaring it in its own file and listing it here. */
export const RESOURCES: readonly ResourceDeclaration[] = [
  agentOverview,
  agentPendingPassports,
  agentInProgressPassports,
  agentApprovedPassports,
  agentRejectedPassports,
  adminOverview,
  adminAgentDataEntry,
  adminPendingPassports,
  adminReviewedPassports,
  adminWorkPermit,
  slots,
  superAdminOverview,
  superAdminPendingPassports,
  superAdminApprovedPassports,
  superAdminRejectedPassports,
  superAdminFinalApproval,
  passportHistory,
  users,
  securityLog,
];

export type { ResourceDeclaration } from "./types";

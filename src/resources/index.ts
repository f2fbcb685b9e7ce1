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

/**
 * Every resource of the app. Add a resource by declaring it in its own file and listing it here.
 * Read where the app starts only (src/SignedInApp.tsx, src/providers/index.ts, and before React the
 * first screen and preloadRoute); components and pages get it from src/components/resource-context.tsx.
 */
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

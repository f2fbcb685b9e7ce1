import { agentApprovedPassports, agentInProgressPassports, agentPendingPassports, agentRejectedPassports } from "./agent-passports";
import { adminAgentDataEntry, adminPendingPassports, adminReviewedPassports, adminWorkPermit } from "./admin-passports";
import {
  passportHistory,
  superAdminApprovedPassports,
  superAdminFinalApproval,
  superAdminPendingPassports,
  superAdminRejectedPassports,
} from "./super-admin-passports";
import { DECLARED_RESOURCES } from "./declared";
import { declaredScreens } from "./declared-screens";
import { adminOverview, agentOverview, superAdminOverview } from "./overview";
import { securityLog } from "./security-log";
import { users } from "./users";
import type { ResourceDeclaration } from "./types";

/** The screens written by hand. A resource declared with defineResource (declared.ts) needs none. */
const HAND_WRITTEN: readonly ResourceDeclaration[] = [
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
  superAdminOverview,
  superAdminPendingPassports,
  superAdminApprovedPassports,
  superAdminRejectedPassports,
  superAdminFinalApproval,
  passportHistory,
  users,
  securityLog,
];

/**
 * Every resource of the app: the hand-written screens, then the screens derived from the declared
 * resources (declared-screens.ts). Read where the app starts only (src/SignedInApp.tsx,
 * src/providers/index.ts, and before React the first screen and preloadRoute); components and pages
 * get it from src/components/resource-context.tsx.
 */
export const RESOURCES: readonly ResourceDeclaration[] = [...HAND_WRITTEN, ...declaredScreens(DECLARED_RESOURCES)];

export type { ResourceDeclaration } from "./types";

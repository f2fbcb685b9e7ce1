/**
 * The passport lists of spec §7: each a status scope (and for the agent lists, one agent), the §5
 * filters, zero-based pages newest first. Access per docs/access.md; "own" is checked here.
 */
import { PATHS, type PassportStatus, type Role, agentIdParamSchema, overviewQuerySchema, passportListQuerySchema } from "../../src/contract";
import { assertMayActForAgent, currentUser, hasRole } from "../auth/access";
import type { SessionUser } from "../auth/tokens";
import type { RouteModule } from "../context";
import { page, ok } from "../http/envelope";
import { forbidden } from "../http/errors";
import { parse } from "../http/validate";
import { type ListScope, listPassports, passportOverview } from "../passports/list";

const ADMINS: readonly Role[] = ["ADMIN", "SUPER_ADMIN"];
const SUPER: readonly Role[] = ["SUPER_ADMIN"];
const EVERYONE: readonly Role[] = ["AGENT", "ADMIN", "SUPER_ADMIN"];

interface ListRoute {
  path: string;
  access: readonly Role[];
  statuses?: readonly PassportStatus[];
}

/** Lists over all agents. Every list also honours the filters, isSuperAdminApproved included. */
const LISTS: ListRoute[] = [
  { path: PATHS.pendingPassports, access: ADMINS, statuses: ["PENDING"] },
  { path: PATHS.reviewedPassports, access: ADMINS, statuses: ["REVIEWED"] },
  { path: PATHS.approvedPassports, access: SUPER, statuses: ["APPROVED"] },
  { path: PATHS.rejectedPassports, access: SUPER, statuses: ["REJECTED"] },
  { path: PATHS.completedPassports, access: ADMINS, statuses: ["COMPLETED"] },
  { path: PATHS.pendingAndReviewedPassports, access: ADMINS, statuses: ["PENDING", "REVIEWED"] },
  { path: PATHS.history, access: SUPER },
  { path: PATHS.filterHistory, access: SUPER },
  { path: PATHS.filter, access: ADMINS },
];

/** Lists of one agent's passports: agents see their own only; admins and super admins any agent's. */
const AGENT_LISTS: ListRoute[] = [
  { path: PATHS.filterAgentSpecific, access: EVERYONE },
  { path: PATHS.agentPendingPassports, access: EVERYONE, statuses: ["PENDING"] },
  { path: PATHS.agentApprovedPassports, access: EVERYONE, statuses: ["APPROVED"] },
  { path: PATHS.agentRejectedPassports, access: EVERYONE, statuses: ["REJECTED"] },
  { path: PATHS.agentPendingAndReviewedPassports, access: EVERYONE, statuses: ["PENDING", "REVIEWED"] },
  { path: PATHS.agentInProgressPassports, access: EVERYONE, statuses: ["REVIEWED", "COMPLETED"] },
];

/** "Agent Data Entry": passports an agent owns or an admin entered; only a super admin may ask for another user's. */
function assertMayReadEntries(user: SessionUser, userId: number): void {
  if (!hasRole(user, "SUPER_ADMIN") && user.id !== userId) throw forbidden("You may only see your own passports");
}

export const passportListRoutes: RouteModule = (app, ctx) => {
  const answer = async (query: unknown, scope: ListScope) => {
    const q = parse(passportListQuerySchema, query);
    const { content, total } = await listPassports(ctx, scope, q);
    return ok(page(content, total, q));
  };

  for (const list of LISTS) {
    app.get(list.path, { config: { access: list.access } }, (request) => answer(request.query, { statuses: list.statuses }));
  }

  for (const list of AGENT_LISTS) {
    app.get(list.path, { config: { access: list.access } }, (request) => {
      const { agentId } = parse(agentIdParamSchema, request.params);
      assertMayActForAgent(currentUser(request), agentId);
      return answer(request.query, { statuses: list.statuses, agentId });
    });
  }

  // Ours: the Overview's counts, within the passports the caller's lists show (an agent's own).
  app.get(PATHS.overview, { config: { access: EVERYONE } }, async (request) => {
    const user = currentUser(request);
    const { agentId } = parse(overviewQuerySchema, request.query);
    if (agentId !== undefined) assertMayActForAgent(user, agentId);
    const isAgentOnly = !hasRole(user, "ADMIN") && !hasRole(user, "SUPER_ADMIN");
    return ok(await passportOverview(ctx.db, { agentId: isAgentOnly ? user.id : agentId }));
  });

  app.get(PATHS.agentPassports, { config: { access: EVERYONE } }, (request) => {
    const { agentId } = parse(agentIdParamSchema, request.params);
    assertMayReadEntries(currentUser(request), agentId);
    return answer(request.query, { agentOrAdminId: agentId });
  });
};

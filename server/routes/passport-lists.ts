/**
 * The passport lists of spec §7: each a status scope (and for the agent lists, one agent), the §5
 * filters, zero-based pages newest first. Access per docs/access.md; "own" is checked here.
 */
import type { FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type ExportQuery,
  PATHS,
  type PassportListQuery,
  type PassportStatus,
  type Role,
  agentIdParamSchema,
  exportQuerySchema,
  overviewQuerySchema,
  passportListQuerySchema,
} from "../../src/contract";
import { envelopeOf, pageOf, passportOverviewSchema, passportSchema } from "../../src/contract/replies";
import { assertMayActForAgent, currentUser, hasRole } from "../auth/access";
import type { SessionUser } from "../auth/tokens";
import type { RouteModule } from "../context";
import { page, ok } from "../http/envelope";
import { forbidden } from "../http/errors";
import { type ListScope, listPassports, passportOverview } from "../passports/list";
import { passportColumnsOf } from "../export/passport-cells";
import { HISTORY_COLUMNS } from "../../src/resources/passport-columns";
import { type PassportListFile, sendPassportListFile } from "./passport-list-files";

const ADMINS: readonly Role[] = ["ADMIN", "SUPER_ADMIN"];
const SUPER: readonly Role[] = ["SUPER_ADMIN"];
const EVERYONE: readonly Role[] = ["AGENT", "ADMIN", "SUPER_ADMIN"];

interface ListRoute extends PassportListFile {
  path: string;
  summary: string;
  access: readonly Role[];
  statuses?: readonly PassportStatus[];
}

/** Lists over all agents. Every list also honours the filters, isSuperAdminApproved included. */
const LISTS: ListRoute[] = [
  { path: PATHS.pendingPassports, summary: "PENDING passports", access: ADMINS, statuses: ["PENDING"] },
  { path: PATHS.reviewedPassports, summary: "REVIEWED passports", access: ADMINS, statuses: ["REVIEWED"] },
  { path: PATHS.approvedPassports, summary: "APPROVED passports", access: SUPER, statuses: ["APPROVED"] },
  { path: PATHS.rejectedPassports, summary: "REJECTED passports", access: SUPER, statuses: ["REJECTED"] },
  { path: PATHS.completedPassports, summary: "COMPLETED passports", access: ADMINS, statuses: ["COMPLETED"] },
  { path: PATHS.pendingAndReviewedPassports, summary: "PENDING and REVIEWED passports", access: ADMINS, statuses: ["PENDING", "REVIEWED"] },
  { path: PATHS.history, summary: "Every passport (Application History)", access: SUPER, file: "passport-history", columns: HISTORY_COLUMNS },
  { path: PATHS.filterHistory, summary: "Every passport, filtered (Application History)", access: SUPER, file: "passport-history", columns: HISTORY_COLUMNS },
  { path: PATHS.filter, summary: "Every passport, filtered (isSuperAdminApproved chooses the status)", access: ADMINS },
];

/** Lists of one agent's passports: agents see their own only; admins and super admins any agent's. */
const AGENT_LISTS: ListRoute[] = [
  { path: PATHS.filterAgentSpecific, summary: "One agent's passports, filtered", access: EVERYONE },
  { path: PATHS.agentPendingPassports, summary: "One agent's PENDING passports", access: EVERYONE, statuses: ["PENDING"] },
  { path: PATHS.agentApprovedPassports, summary: "One agent's APPROVED passports", access: EVERYONE, statuses: ["APPROVED"] },
  { path: PATHS.agentRejectedPassports, summary: "One agent's REJECTED passports", access: EVERYONE, statuses: ["REJECTED"] },
  { path: PATHS.agentPendingAndReviewedPassports, summary: "One agent's PENDING and REVIEWED passports", access: EVERYONE, statuses: ["PENDING", "REVIEWED"] },
  { path: PATHS.agentInProgressPassports, summary: "One agent's REVIEWED and COMPLETED passports (In Progress)", access: EVERYONE, statuses: ["REVIEWED", "COMPLETED"], file: "in-progress-passports" },
];

/** "Agent Data Entry": passports an agent owns or an admin entered; only a super admin may ask for another user's. */
function assertMayReadEntries(user: SessionUser, userId: number): void {
  if (!hasRole(user, "SUPER_ADMIN") && user.id !== userId) throw forbidden("You may only see your own passports");
}

/** The list's query and `format`, `columns` (passport column ids; unknown ones answer 400). */
const listQuerySchema = passportListQuerySchema.extend(exportQuerySchema.shape).superRefine((query, ctx) => {
  const columns = passportColumnsOf(query.columns, []);
  if (typeof columns === "string") ctx.addIssue({ code: "custom", path: ["columns"], message: columns });
});

const tags = ["Passport lists"];
const passportPage = { 200: envelopeOf(pageOf(passportSchema)) };
const listSchema = (list: ListRoute) => ({
  summary: list.summary,
  description:
    "Zero-based pages, newest first; every list also takes the filters, isSuperAdminApproved included. " +
    "With `format=csv` or `format=xlsx` the whole filtered list as a file instead (page and size ignored; " +
    "`columns` the passport column ids in order; docs/api.md \"Export\").",
  tags,
  querystring: listQuerySchema,
  response: passportPage,
});

export const passportListRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const answer = async (reply: FastifyReply, list: ListRoute, query: PassportListQuery & ExportQuery, scope: ListScope) => {
    if (query.format) return sendPassportListFile(ctx, reply, list, { ...query, format: query.format }, scope);
    const { content, total } = await listPassports(ctx, scope, query);
    return ok(page(content, total, query));
  };

  for (const list of LISTS) {
    app.get(list.path, { config: { access: list.access }, schema: listSchema(list) }, (request, reply) =>
      answer(reply, list, request.query, { statuses: list.statuses }),
    );
  }

  for (const list of AGENT_LISTS) {
    const schema = { ...listSchema(list), params: agentIdParamSchema };
    app.get(list.path, { config: { access: list.access }, schema }, (request, reply) => {
      const { agentId } = request.params;
      assertMayActForAgent(currentUser(request), agentId);
      return answer(reply, list, request.query, { statuses: list.statuses, agentId });
    });
  }

  // Ours: the Overview's counts, within the passports the caller's lists show (an agent's own).
  const overview = {
    summary: "The Overview's counts",
    description: "Within the passports the caller's lists show (an agent's own); admins and super admins may narrow them to one agent.",
    tags,
    querystring: overviewQuerySchema,
    response: { 200: envelopeOf(passportOverviewSchema) },
  };
  app.get(PATHS.overview, { config: { access: EVERYONE }, schema: overview }, async (request) => {
    const user = currentUser(request);
    const { agentId } = request.query;
    if (agentId !== undefined) assertMayActForAgent(user, agentId);
    const isAgentOnly = !hasRole(user, "ADMIN") && !hasRole(user, "SUPER_ADMIN");
    return ok(await passportOverview(ctx.db, { agentId: isAgentOnly ? user.id : agentId }));
  });

  const dataEntry: ListRoute = { path: PATHS.agentPassports, access: EVERYONE, summary: "Agent Data Entry: passports a user owns as agent or entered as admin", file: "agent-data-entry" };
  const agentPassports = { ...listSchema(dataEntry), params: agentIdParamSchema };
  app.get(PATHS.agentPassports, { config: { access: EVERYONE }, schema: agentPassports }, (request, reply) => {
    const { agentId } = request.params;
    assertMayReadEntries(currentUser(request), agentId);
    return answer(reply, dataEntry, request.query, { agentOrAdminId: agentId });
  });
};

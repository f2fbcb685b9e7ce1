/**
 * The passport workflow calls of spec §7: the five status transitions, the two comments, the six
 * milestone toggles and the three date updates. Who may call them and from which status is decided in
 * docs/access.md ("Transitions", "Workflow rules") and written in server/workflow/.
 */
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely, Updateable } from "kysely";
import {
  DATE_UPDATES,
  MILESTONES,
  PATHS,
  adminCommentSchema,
  dateUpdateSchemas,
  idParamSchema,
  milestoneParamsSchema,
  progressUpdateQuerySchema,
  superAdminCommentSchema,
  type Passport,
} from "../../src/contract";
import { envelopeOf, passportSchema } from "../../src/contract/replies";
import { currentUser } from "../auth/access";
import type { AppContext, RouteModule } from "../context";
import type { DB, PassportsTable } from "../db/schema";
import { fromDbBool, fromDbDate, fromDbTimestamp, toDbBool, toDbDate } from "../db/values";
import { type Ok, ok } from "../http/envelope";
import { addComment } from "../passports/comments";
import { type PassportEvent, recordEvents } from "../passports/events";
import { DATE_COLUMNS, MILESTONE_COLUMNS, selectPassports, toPassport } from "../passports/mapper";
import { type PassportRecord, claimPassport } from "../workflow/claim";
import { assertCompleteAllowed, assertDateAllowed, assertMilestoneAllowed } from "../workflow/progress-rules";
import { changeOf } from "../live/change";
import { TRANSITIONS, type TransitionCheck, type WorkflowAction, checkProgressEditable, checkStillOpen, checkTransition } from "../workflow/transitions";

interface Change {
  set: Updateable<PassportsTable>;
  event: PassportEvent;
  message: string;
  /** More to write in the same transaction (a comment of the thread). */
  also?: (trx: Kysely<DB>, userId: number) => Promise<void>;
}

/** Claims the passport, applies the change and records its event in one transaction; answers the updated passport. */
async function applyChange(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  check: (status: string) => TransitionCheck,
  change: (row: PassportRecord) => Change,
): Promise<Ok<Passport>> {
  const user = currentUser(request);
  const reply = await ctx.db.transaction().execute(async (trx) => {
    const row = await claimPassport(trx, id, check);
    // A workflow rule that refuses the change throws here (409); the claim is rolled back with it.
    const { set, event, message, also } = change(row);
    await trx.updateTable("passports").set(set).where("id", "=", id).execute();
    await also?.(trx, user.id);
    // Setting a value it already has changes nothing, so it leaves no trace in the history; a comment
    // is always a new one, even in the same words.
    if (event.kind === "COMMENT" || event.oldValue !== event.newValue) await recordEvents(trx, id, user.id, [event]);
    const updated = await selectPassports(trx).where("passports.id", "=", id).executeTakeFirstOrThrow();
    return ok(toPassport(updated), message);
  });
  ctx.live.publish(changeOf("passports", "updated", [{ id, owner: reply.replyMessage.agentId }]));
  return reply;
}

const tags = ["Passport workflow"];
const passportReply = { 200: envelopeOf(passportSchema) };
const PROGRESS_QUERY_NOTE = "The query may carry the list's page, size and filters (spec §7); they are checked, not used.";

const TRANSITION_ROUTES: { action: WorkflowAction; path: string; message: string }[] = [
  { action: "review", path: PATHS.review, message: "Passport reviewed successfully" },
  { action: "reject-by-admin", path: PATHS.rejectByAdmin, message: "Passport Rejected successfully" },
  { action: "complete", path: PATHS.completePassport, message: "Passport marked as complete!" },
  { action: "approve", path: PATHS.approve, message: "Passport Approval successfully" },
  { action: "reject-by-super-admin", path: PATHS.rejectBySuperAdmin, message: "Passport Rejected successfully" },
];

const COMMENT_ROUTES = [
  { path: PATHS.commentByAdmin, role: "ADMIN", schema: adminCommentSchema, field: "commentByAdmin", column: "comment_by_admin" },
  { path: PATHS.commentBySuperAdmin, role: "SUPER_ADMIN", schema: superAdminCommentSchema, field: "commentBySuperAdmin", column: "comment_by_super_admin" },
] as const;

/** The visa dates are calendar dates; the flight is an instant. */
const DATE_ROUTES = {
  "update-visa-issue-date": { path: PATHS.visaIssueDate, label: "Visa issue date", kind: "date" },
  "update-visa-expire-date": { path: PATHS.visaExpireDate, label: "Visa expiry date", kind: "date" },
  "update-flight-schedule-date": { path: PATHS.flightScheduleDate, label: "Flight schedule date", kind: "timestamp" },
} as const;

export const passportWorkflowRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The client sends no body (or an empty one) and may add page, size and search to the URL: both ignored.
  for (const { action, path, message } of TRANSITION_ROUTES) {
    const { from, to, role } = TRANSITIONS[action];
    const schema = {
      summary: `${action}: ${from} to ${to}`,
      description: "No body. Answers the updated passport; refused (409) from any other status.",
      tags,
      params: idParamSchema,
      response: passportReply,
    };
    app.put(path, { config: { access: [role] }, schema }, async (request) => {
      const { id } = request.params;
      return applyChange(ctx, request, id, (status) => checkTransition(action, status), (row) => {
        if (action === "complete") assertCompleteAllowed(row);
        return {
          set: { status: to, status_changed_at: fromDbTimestamp(row.updated_at) },
          event: { kind: "STATUS", field: "isSuperAdminApproved", oldValue: from, newValue: to },
          message,
        };
      });
    });
  }


  for (const { path, role, schema: body, field, column } of COMMENT_ROUTES) {
    const schema = {
      summary: `Comment as ${role === "ADMIN" ? "an admin" : "a super admin"}`,
      description: `Adds to the passport's thread; ${field} answers the latest of the role.`,
      tags,
      params: idParamSchema,
      body,
      response: passportReply,
    };
    app.put(path, { config: { access: [role] }, schema }, async (request) => {
      const { id } = request.params;
      const comment = (request.body as Record<string, string>)[field];
      // Every comment joins the thread; the spec's field answers the latest of the role.
      return applyChange(ctx, request, id, (status) => checkStillOpen(status, "commenting"), (row) => ({
        set: { [column]: comment, comment_count: Number(row.comment_count) + 1 },
        event: { kind: "COMMENT", field, oldValue: row[column], newValue: comment },
        message: "Comment added successfully",
        also: (trx, userId) => addComment(trx, { passportId: id, userId, role, body: comment, at: fromDbTimestamp(row.updated_at) }),
      }));
    });
  }

  // Milestone and date updates carry the list's page, size and filters (spec §7) so that a server could
  // answer the refreshed list. The app refetches the list itself, so they are validated and not used.
  const milestoneSchema = {
    summary: "Set a milestone Done or not",
    description: `The segment names the milestone, the status is true or false; refused (409) where the workflow rules forbid it. ${PROGRESS_QUERY_NOTE}`,
    tags,
    params: milestoneParamsSchema,
    querystring: progressUpdateQuerySchema,
    response: passportReply,
  };
  app.put(PATHS.milestone, { config: { access: ["ADMIN"] }, schema: milestoneSchema }, async (request) => {
    const { id, segment, status: value } = request.params;
    const milestone = MILESTONES.find((m) => m.segment === segment)!;
    const column = MILESTONE_COLUMNS[milestone.field];
    return applyChange(ctx, request, id, checkProgressEditable, (row) => {
      assertMilestoneAllowed(row, milestone.field, value);
      return {
        set: { [column]: toDbBool(value) },
        event: { kind: "MILESTONE", field: milestone.field, oldValue: fromDbBool(row[column]), newValue: value },
        message: `${milestone.label} status updated`,
      };
    });
  });

  for (const { action, field } of DATE_UPDATES) {
    const { path, label, kind } = DATE_ROUTES[action];
    const column = DATE_COLUMNS[field];
    const schema = {
      summary: `Set or clear the ${label.toLowerCase()}`,
      description: `null clears it. ${PROGRESS_QUERY_NOTE}`,
      tags,
      params: idParamSchema,
      querystring: progressUpdateQuerySchema,
      body: dateUpdateSchemas[action],
      response: passportReply,
    };
    app.put(path, { config: { access: ["ADMIN"] }, schema }, async (request) => {
      const { id } = request.params;
      const value = toDbDate(kind, (request.body as Record<string, string | null>)[field]);
      return applyChange(ctx, request, id, checkProgressEditable, (row) => {
        assertDateAllowed(row, field, value);
        return {
          set: { [column]: value },
          event: { kind: "DATE", field, oldValue: fromDbDate(kind, row[column]), newValue: value },
          message: value === null ? `${label} cleared` : `${label} updated`,
        };
      });
    });
  }
};

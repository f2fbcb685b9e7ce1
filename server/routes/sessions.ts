/**
 * One's own sessions (list, end one, end all others), changing one's password, one's language (issue
 * 28), and a super admin's
 * controls over other accounts' sessions (end them all, disable or enable the account). Issue 11;
 * access as in docs/access.md.
 */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  MSG,
  PATHS,
  type Role,
  type ChangePasswordInput,
  changePasswordSchema,
  languageSchema,
  sessionIdParamSchema,
  setUserEnabledParamsSchema,
  userIdParamSchema,
} from "../../src/contract";
import { endedSessionsSchema, envelopeOf, languageReplySchema, noRecordSchema, sessionInfoSchema, userSchema } from "../../src/contract/replies";
import { currentUser } from "../auth/access";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { sessionsText } from "../auth/sessions";
import { isoAt } from "../clock";
import type { RouteModule } from "../context";
import type { DB } from "../db/schema";
import { ok } from "../http/envelope";
import { badRequest, conflict, forbidden, notFound, retryIn, tooManyRequests } from "../http/errors";
import { bodyReadByHandler, parse } from "../http/validate";
import { loadUser } from "../users/store";
import { changeOf } from "../live/change";

const passwordChecksThrottled = (retryAfterSeconds: number) =>
  `Too many wrong current passwords. Please try again ${retryIn(retryAfterSeconds)}.`;

const SIGNED_IN: Role[] = ["AGENT", "ADMIN", "SUPER_ADMIN"];
const SUPER_ADMIN: Role[] = ["SUPER_ADMIN"];

const tags = ["Sessions"];
const nothing = { 200: envelopeOf(noRecordSchema) };
const ended = { 200: envelopeOf(endedSessionsSchema) };

async function accountOf(db: Kysely<DB>, userId: number): Promise<{ id: number; username: string; disabled: boolean }> {
  const row = await db.selectFrom("users").select(["id", "username", "disabled_at"]).where("id", "=", userId).executeTakeFirst();
  if (!row) throw notFound("User");
  return { id: row.id, username: row.username, disabled: row.disabled_at !== null };
}

export const sessionRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sessions = { summary: "The caller's active sessions", tags, response: { 200: envelopeOf(z.array(sessionInfoSchema)) } };
  app.get(PATHS.sessions, { config: { access: SIGNED_IN }, schema: sessions }, async (request) => {
    const me = currentUser(request);
    return ok(await ctx.sessions.activeOf(me.id, me.sessionId));
  });

  const otherSessions = { summary: "Sign out everywhere else", description: "Ends every session of the caller but the current one.", tags, response: ended };
  app.delete(PATHS.otherSessions, { config: { access: SIGNED_IN }, schema: otherSessions }, async (request) => {
    const me = currentUser(request);
    const ended = await ctx.sessions.endAllOf(me.id, "signed-out", { except: me.sessionId });
    if (ended.length > 0) {
      const details = `Signed out ${sessionsText(ended.length)} from another session`;
      await ctx.securityEvents.record({ kind: "SESSIONS_REVOKED", user: me, sessionId: me.sessionId, details }, request);
    }
    const message = ended.length === 0 ? "You had no other session" : `Signed out ${sessionsText(ended.length)} elsewhere`;
    return ok({ ended: ended.length }, message);
  });

  const session = { summary: "Sign out one of one's sessions", tags, params: sessionIdParamSchema, response: nothing };
  app.delete(PATHS.session, { config: { access: SIGNED_IN }, schema: session }, async (request) => {
    const { sessionId } = request.params;
    const me = currentUser(request);
    const owner = await ctx.sessions.ownerOf(sessionId);
    if (owner === undefined) throw notFound("Session");
    if (owner !== me.id) throw forbidden("You may only sign out your own sessions");
    const current = sessionId === me.sessionId;
    if (await ctx.sessions.end(sessionId, current ? "logout" : "signed-out")) {
      const details = current ? "Signed out" : "Signed out from another session";
      await ctx.securityEvents.record({ kind: "SESSION_ENDED", user: me, sessionId, details }, request);
    }
    return ok(null, "Session signed out");
  });

  const revokeSessions = { summary: "Sign a user out everywhere", tags, params: userIdParamSchema, response: ended };
  app.post(PATHS.revokeSessions, { config: { access: SUPER_ADMIN }, schema: revokeSessions }, async (request) => {
    const { userId } = request.params;
    const me = currentUser(request);
    const target = await accountOf(ctx.db, userId);
    const ended = await ctx.sessions.endAllOf(userId, "revoked");
    const details = `${sessionsText(ended.length)} ended`;
    await ctx.securityEvents.record({ kind: "SESSIONS_REVOKED", user: target, actor: me, details }, request);
    return ok({ ended: ended.length }, `${target.username} was signed out everywhere (${details})`);
  });

  const setUserEnabled = {
    summary: "Disable or enable an account",
    description: "Disabling ends the account's sessions; it cannot sign in until enabled again.",
    tags,
    params: setUserEnabledParamsSchema,
    response: { 200: envelopeOf(userSchema) },
  };
  app.put(PATHS.setUserEnabled, { config: { access: SUPER_ADMIN }, schema: setUserEnabled }, async (request) => {
    const { userId, enabled } = request.params;
    const me = currentUser(request);
    if (userId === me.id && !enabled) throw conflict("You cannot disable your own account");
    const target = await ctx.db.transaction().execute(async (trx) => {
      const account = await accountOf(trx, userId);
      if (account.disabled === !enabled) return account; // already so: nothing to record
      await trx.updateTable("users").set({ disabled_at: enabled ? null : isoAt(ctx.clock()) }).where("id", "=", userId).execute();
      const ended = enabled ? [] : await ctx.sessions.endAllOf(userId, "disabled", { db: trx });
      const details = enabled ? null : `${sessionsText(ended.length)} ended`;
      await ctx.securityEvents.record({ kind: enabled ? "ACCOUNT_ENABLED" : "ACCOUNT_DISABLED", user: account, actor: me, details }, request, trx);
      return account;
    });
    ctx.live.publish(changeOf("users", "updated", [{ id: userId }]));
    const message = enabled ? `${target.username} can sign in again` : `${target.username} is disabled and was signed out`;
    const user = await loadUser(ctx.db, userId);
    if (!user) throw notFound("User");
    return ok(user, message);
  });

  /**
   * The current password is checked under the sign-in limits, per account: once SIGN_IN_MAX_FAILURES
   * wrong ones fall within the window, every attempt answers 429 until it ends, whatever it sends.
   */
  const changePassword = {
    summary: "Change one's password",
    description:
      "Signs out the caller's other sessions. Wrong current passwords are limited as sign-ins are; once locked, every attempt answers 429, whatever it sends (its body is read after that check).",
    tags,
    body: changePasswordSchema,
    response: nothing,
  };
  app.put(PATHS.changePassword, { config: { access: SIGNED_IN }, schema: changePassword, validatorCompiler: bodyReadByHandler }, async (request) => {
    const me = currentUser(request);
    const verdict = await ctx.signInThrottle.beginPasswordCheck(me.id);
    if (verdict.throttled) throw tooManyRequests(passwordChecksThrottled(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    const { attempt } = verdict;
    let input: ChangePasswordInput;
    try {
      input = parse(changePasswordSchema, request.body);
    } catch (error) {
      await ctx.signInThrottle.cancel(attempt);
      throw error;
    }
    const { currentPassword, newPassword } = input;
    const row = await ctx.db.selectFrom("users").select("password_hash").where("id", "=", me.id).executeTakeFirst();
    if (!row) throw notFound("User");
    if (!(await verifyPassword(currentPassword, row.password_hash, request.ip))) {
      await ctx.securityEvents.record({ kind: "PASSWORD_CHANGE_FAILED", user: me, sessionId: me.sessionId, details: "Wrong current password" }, request);
      if (ctx.signInThrottle.lockedByFailure(attempt).length > 0) {
        const details = `${ctx.limits.signInMaxFailures} wrong current passwords; password changes are refused for up to ${Math.round(ctx.limits.signInWindowSeconds / 60)} minutes`;
        await ctx.securityEvents.record({ kind: "PASSWORD_CHANGE_LOCKED", user: me, sessionId: me.sessionId, details }, request);
      }
      // 400, not 401: a 401 would make the app refresh its token and retry.
      throw badRequest(MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
    }
    await ctx.signInThrottle.succeeded(attempt);
    const passwordHash = await hashPassword(newPassword);
    const ended = await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: isoAt(ctx.clock()) }).where("id", "=", me.id).execute();
      const ended = await ctx.sessions.endAllOf(me.id, "password-changed", { except: me.sessionId, db: trx });
      const details = `${sessionsText(ended.length)} signed out`;
      await ctx.securityEvents.record({ kind: "PASSWORD_CHANGED", user: me, sessionId: me.sessionId, details }, request, trx);
      return ended;
    });
    const message = ended.length === 0 ? "Password changed" : `Password changed; ${sessionsText(ended.length)} elsewhere were signed out`;
    return ok(null, message);
  });

  const language = {
    summary: "Set one's language",
    description: "Saved on the caller's account: the next sign-in's reply says it, in any browser.",
    tags,
    body: languageSchema,
    response: { 200: envelopeOf(languageReplySchema) },
  };
  app.put(PATHS.language, { config: { access: SIGNED_IN }, schema: language }, async (request) => {
    const me = currentUser(request);
    await ctx.db.updateTable("users").set({ language: request.body.language }).where("id", "=", me.id).execute();
    return ok({ language: request.body.language });
  });
};

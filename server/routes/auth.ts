/** Sign-in, token refresh (POST /) and sign-out. */
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { ACCOUNT_DISABLED_MESSAGE, PATHS, loginSchema } from "../../src/contract";
import { envelopeOf, loginReplySchema, noRecordSchema, tokenReplySchema } from "../../src/contract/replies";
import { dummyPasswordHash, lighterHash, verifyPassword } from "../auth/passwords";
import { type IssuedRefreshToken, REFRESH_COOKIE, type Rotation } from "../auth/refresh-tokens";
import type { ThrottledBy } from "../auth/sign-in-throttle";
import type { AppContext, RouteModule } from "../context";
import { forbidden, retryIn, tooManyRequests, unauthorized } from "../http/errors";
import { ok } from "../http/envelope";
import { sessionUser } from "../users/session";

const LOGIN_FAILED = "Invalid username or password";
const REFRESH_FAILED = "Session expired, please sign in again";

const throttledMessage = (by: ThrottledBy, retryAfterSeconds: number) =>
  `Too many failed sign-in attempts${by === "address" ? " from your network" : " for this username"}. Please try again ${retryIn(retryAfterSeconds)}.`;

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedRefreshToken) {
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    expires: issued.expiresAt,
  });
}

function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: "/", httpOnly: true, sameSite: "strict" });
}

/**
 * Whether an Origin is this server or an allowed CORS origin. `request.host` is the request's own Host
 * header; X-Forwarded-Host replaces it only when the connecting peer is a proxy TRUST_PROXY names.
 */
function isTrustedOrigin(origin: string, request: FastifyRequest, ctx: AppContext): boolean {
  if (ctx.config.corsOrigin?.includes(origin)) return true;
  try {
    // Host only, not scheme: behind a TLS proxy the request may arrive as plain http.
    const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, "");
    return new URL(origin).host === withoutDefaultPort(request.host);
  } catch {
    return false;
  }
}

/**
 * A JSON request: its media type is exactly application/json (any case), parameters such as charset
 * allowed. No cross-site form can send that type, and fetch() from another site cannot without a
 * CORS preflight, which only CORS_ORIGIN's origins pass.
 */
function isJsonRequest(request: FastifyRequest): boolean {
  const mediaType = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  return mediaType === "application/json";
}

/**
 * The refresh cookie is SameSite=Strict; on top of that, POST / is honoured only for a JSON request
 * whose Origin, when the browser sends one, is this server or an allowed CORS origin.
 */
function isTrustedRefreshRequest(request: FastifyRequest, ctx: AppContext): boolean {
  if (!isJsonRequest(request)) return false;
  const origin = request.headers.origin;
  return origin === undefined || isTrustedOrigin(origin, request, ctx);
}

const tags = ["Sign-in"];

export const authRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const login = {
    summary: "Sign in",
    description:
      "Starts a session: the reply's token is the access token; the refresh token is set as an HttpOnly cookie. A `language` sent is saved on the account once the sign-in succeeds; the reply's `language` is the account's.",
    tags,
    body: loginSchema,
    response: { 200: envelopeOf(loginReplySchema) },
  };
  app.post(PATHS.login, { config: { access: "public" }, schema: login }, async (request, reply) => {
    const { username, password, language } = request.body;
    const verdict = await ctx.signInThrottle.begin(username, request.ip);
    if (verdict.throttled) {
      // Security event site: a sign-in refused by the throttle (verdict.by, username, request.ip).
      // Answered late: a client that waits for each answer (a flood over a few connections) slows
      // down to a trickle instead of keeping the server busy with refusals.
      await sleep(ctx.limits.signInThrottledDelayMs);
      throw tooManyRequests(throttledMessage(verdict.by, verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    }
    const { attempt } = verdict;
    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "username", "password_hash", "disabled_at", "language"])
      .where(sql`lower(username)`, "=", username.toLowerCase())
      .executeTakeFirst();
    // No hashing slot within PASSWORD_HASH_WAIT_MS answers 503 here; the attempt stays counted.
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()), request.ip);
    const about = user ? { id: user.id, username: user.username } : { username };
    const failed = (details: string) => ctx.securityEvents.record({ kind: "SIGN_IN_FAILED", user: about, details }, request);
    if (!user || !valid) {
      await failed(user ? "Wrong password" : "Unknown username");
      // Logged once, by the failure that reaches a limit; the refusals that follow are not logged.
      for (const by of ctx.signInThrottle.lockedByFailure(attempt)) {
        const details = `${by === "username" ? "This username" : "This address"} reached ${by === "username" ? ctx.limits.signInMaxFailures : ctx.limits.signInAddressMaxFailures} failed sign-ins; further attempts are refused for up to ${Math.round(ctx.limits.signInWindowSeconds / 60)} minutes`;
        await ctx.securityEvents.record({ kind: "ACCOUNT_LOCKED", user: about, details }, request);
      }
      throw unauthorized(LOGIN_FAILED);
    }
    // Said only to whoever knows the password.
    if (user.disabled_at !== null) {
      await failed("Account disabled");
      throw forbidden(ACCOUNT_DISABLED_MESSAGE);
    }
    await ctx.signInThrottle.succeeded(attempt);
    const lighter = await lighterHash(password, user.password_hash, request.ip);
    const newLanguage = language !== undefined && language !== user.language ? language : undefined;
    if (lighter || newLanguage) {
      const changes = { ...(lighter ? { password_hash: lighter } : {}), ...(newLanguage ? { language: newLanguage } : {}) };
      await ctx.db.updateTable("users").set(changes).where("id", "=", user.id).execute();
    }
    const session = await startSession(request, reply, user.id);
    return ok({ token: session.token, language: language ?? user.language }, "Sign In Successful");
  });

  /** A new session for a user whose password was right: its refresh cookie, and an access token. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const user = (await sessionUser(ctx.db, userId))!;
    const session = await ctx.sessions.start(userId, request);
    setRefreshCookie(request, reply, await ctx.refreshTokens.issue(userId, session.id, session.endsBy));
    await ctx.securityEvents.record({ kind: "SIGN_IN_SUCCEEDED", user, sessionId: session.id }, request);
    return { token: await ctx.tokens.sign(user, session.id) };
  }

  /**
   * A new access token for the session of the refresh cookie. The cookie is rotated, except when
   * another tab rotated it moments ago (the grace period): then the reply sets no cookie, and the
   * browser keeps the one the other tab's reply set, which both tabs share (docs/access.md).
   */
  const refresh = {
    summary: "Refresh the access token",
    description: "Sent with the refresh cookie and a JSON content type (any body); rotates the cookie.",
    tags,
    response: { 200: envelopeOf(tokenReplySchema) },
  };
  app.post(PATHS.refresh, { config: { access: "public" }, schema: refresh }, async (request, reply) => {
    if (!isTrustedRefreshRequest(request, ctx)) throw forbidden("Token refresh must be a JSON request from this application");
    const presented = request.cookies[REFRESH_COOKIE];
    const rotation: Rotation = presented ? await ctx.refreshTokens.rotate(presented) : { kind: "refused" };
    const refuse = (message: string) => {
      clearRefreshCookie(reply);
      return unauthorized(message);
    };
    if (rotation.kind === "refused") {
      if (!rotation.sessionId) throw refuse(REFRESH_FAILED);
      if (rotation.reused) {
        const owner = await ctx.sessions.ownerOf(rotation.sessionId);
        await ctx.sessions.end(rotation.sessionId, "reuse");
        const details = "A refresh token was used again after it had been replaced; the session was ended";
        await ctx.securityEvents.record({ kind: "REFRESH_TOKEN_REUSED", user: { id: owner ?? null }, sessionId: rotation.sessionId, details }, request);
      }
      const verdict = await ctx.sessions.use(rotation.sessionId, request, { fresh: true });
      throw refuse(verdict.active ? REFRESH_FAILED : verdict.message);
    }
    const sessionId = rotation.kind === "rotated" ? rotation.issued.sessionId : rotation.sessionId;
    const verdict = await ctx.sessions.use(sessionId, request, { fresh: true });
    const user = verdict.active ? await sessionUser(ctx.db, verdict.userId) : undefined;
    if (!verdict.active || !user) throw refuse(verdict.active ? REFRESH_FAILED : verdict.message);
    if (rotation.kind === "rotated") setRefreshCookie(request, reply, rotation.issued);
    return ok({ token: await ctx.tokens.sign(user, sessionId) });
  });

  /** Ends the session of the refresh cookie (the cookie, not a bearer token: the browser that holds it signs out). */
  const logout = { summary: "Sign out the session of the refresh cookie", tags, response: { 200: envelopeOf(noRecordSchema) } };
  app.post(PATHS.logout, { config: { access: "public" }, schema: logout }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    const sessionId = presented ? await ctx.refreshTokens.sessionOf(presented) : undefined;
    if (sessionId && (await ctx.sessions.end(sessionId, "logout"))) {
      const owner = await ctx.sessions.ownerOf(sessionId);
      await ctx.securityEvents.record({ kind: "SESSION_ENDED", user: { id: owner ?? null }, sessionId, details: "Signed out" }, request);
    }
    clearRefreshCookie(reply);
    return ok(null, "Signed out");
  });
};

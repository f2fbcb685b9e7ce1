/** Sign-in, token refresh (POST /) and sign-out. */
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { PATHS, loginSchema } from "../../src/contract";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords";
import { type IssuedRefreshToken, REFRESH_COOKIE } from "../auth/refresh-tokens";
import type { ThrottledBy } from "../auth/sign-in-throttle";
import type { AppContext, RouteModule } from "../context";
import { forbidden, retryIn, tooManyRequests, unauthorized } from "../http/errors";
import { ok } from "../http/envelope";
import { parse } from "../http/validate";
import { sessionUser } from "../users/session";

const LOGIN_FAILED = "Invalid username or password";

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

export const authRoutes: RouteModule = (app, ctx) => {
  app.post(PATHS.login, { config: { access: "public" } }, async (request, reply) => {
    const { username, password } = parse(loginSchema, request.body);
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
      .select(["id", "password_hash"])
      .where(sql`lower(username)`, "=", username.toLowerCase())
      .executeTakeFirst();
    // No hashing slot within PASSWORD_HASH_WAIT_MS answers 503 here; the attempt stays counted.
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()), request.ip);
    if (!user || !valid) {
      // Security event site: a failed sign-in; ctx.signInThrottle.lockedByFailure(attempt) names the
      // limits (username, address) this failure has just reached, i.e. a lockout.
      throw unauthorized(LOGIN_FAILED);
    }
    await ctx.signInThrottle.succeeded(attempt);
    const session = (await sessionUser(ctx.db, user.id))!;
    setRefreshCookie(request, reply, await ctx.refreshTokens.issue(user.id));
    return ok({ token: await ctx.tokens.sign(session) }, "Sign In Successful");
  });

  app.post(PATHS.refresh, { config: { access: "public" } }, async (request, reply) => {
    if (!isTrustedRefreshRequest(request, ctx)) throw forbidden("Token refresh must be a JSON request from this application");
    const presented = request.cookies[REFRESH_COOKIE];
    const issued = presented ? await ctx.refreshTokens.rotate(presented) : undefined;
    const session = issued ? await sessionUser(ctx.db, issued.userId) : undefined;
    if (!issued || !session) {
      clearRefreshCookie(reply);
      throw unauthorized("Session expired, please sign in again");
    }
    setRefreshCookie(request, reply, issued);
    return ok({ token: await ctx.tokens.sign(session) });
  });

  app.post(PATHS.logout, { config: { access: "public" } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) await ctx.refreshTokens.revoke(presented);
    clearRefreshCookie(reply);
    return ok(null, "Signed out");
  });
};

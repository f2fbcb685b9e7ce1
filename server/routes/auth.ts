/** Sign-in, token refresh (POST /) and sign-out. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { PATHS, loginSchema } from "../../src/contract";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords";
import { type IssuedRefreshToken, REFRESH_COOKIE } from "../auth/refresh-tokens";
import type { AppContext, RouteModule } from "../context";
import { forbidden, unauthorized } from "../http/errors";
import { ok } from "../http/envelope";
import { parse } from "../http/validate";
import { sessionUser } from "../users/session";

const LOGIN_FAILED = "Invalid username or password";

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
 * The refresh cookie is SameSite=Strict; on top of that, POST / is honoured only for a JSON request
 * (which a cross-site form cannot send) or one whose Origin is this server or an allowed CORS origin.
 * An Origin that is present must be trusted either way: a foreign page never gets a token.
 */
function isTrustedRefreshRequest(request: FastifyRequest, ctx: AppContext): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return isTrustedOrigin(origin, request, ctx);
  return (request.headers["content-type"] ?? "").includes("application/json");
}

export const authRoutes: RouteModule = (app, ctx) => {
  app.post(PATHS.login, { config: { access: "public" } }, async (request, reply) => {
    const { username, password } = parse(loginSchema, request.body);
    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "password_hash"])
      .where(sql`lower(username)`, "=", username.toLowerCase())
      .executeTakeFirst();
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !valid) throw unauthorized(LOGIN_FAILED);
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

/**
 * Who may call each route. Every route declares `config.access`; a route without one answers 500 and
 * fails the route-by-role test. The matrix is written out in docs/access.md.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Role } from "../../src/contract";
import { ApiError, forbidden, unauthorized } from "../http/errors";
import type { Sessions } from "./sessions";
import type { SessionUser, TokenService, TokenUser } from "./tokens";

/** "public", or the roles allowed (ownership of records is checked in the handlers). */
export type Access = "public" | "authenticated" | readonly Role[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: TokenUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1];
}

/**
 * Refuses a request without a valid access token, or whose session has ended (the 401 says why:
 * signed out, idle, too long, disabled...), or whose roles the route does not admit.
 */
export function accessGuard(tokens: TokenService, sessions: Sessions) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url) return; // not-found handler
    if (access === undefined) throw new ApiError(500, `No access rule declared for ${request.method} ${request.routeOptions.url}`);
    if (access === "public") return;
    const token = bearerToken(request);
    const user = token ? await tokens.verify(token) : undefined;
    if (!user) throw unauthorized(token ? "Invalid or expired token" : "Authentication required");
    const session = await sessions.use(user.sessionId, request);
    if (!session.active) throw unauthorized(session.message);
    request.user = user;
    if (access !== "authenticated" && !user.roles.some((r) => access.includes(r))) throw forbidden();
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): TokenUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const hasRole = (user: SessionUser, role: Role) => user.roles.includes(role);

/** Agents may only touch their own records (agentId = their userId); admins and super admins any. */
export function assertMayActForAgent(user: SessionUser, agentId: number): void {
  if (hasRole(user, "ADMIN") || hasRole(user, "SUPER_ADMIN")) return;
  if (user.id !== agentId) throw forbidden("You may only see your own passports");
}

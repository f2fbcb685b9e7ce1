/**
 * Who may call a declared resource's routes, written once in the declaration's `access` (docs/access.md
 * and docs/resources.md "Access"). A route admits the roles granted any of its actions (its
 * `config.access`, which the guard checks); a role granted an action on its own records only (`AGENT:own`)
 * reaches the records whose owner is the caller: lists are filtered to them, and another's record
 * answers 403, as the spec's routes answer for someone else's passport.
 */
import { ROLES, type Role } from "../../src/contract";
import { type AnyDataResource, type ResourceAction, grantsOf } from "../../src/resources/model";
import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../auth/tokens";
import { forbidden } from "../http/errors";
import { ownerColumn, type Row } from "./columns";
import { isEmpty } from "./submission";

export type Cell = "yes" | "own" | "no";

/** What a role may do on a route serving `actions`: any record, its own, or nothing. */
export function cellOf(resource: AnyDataResource, actions: readonly ResourceAction[], role: Role): Cell {
  const grants = actions.flatMap((action) => grantsOf(resource, action)).filter((g) => g.role === role);
  if (grants.some((g) => !g.own)) return "yes";
  return grants.length > 0 ? "own" : "no";
}

/** The roles a route admits: its `config.access`. */
export const routeAccess = (resource: AnyDataResource, actions: readonly ResourceAction[]): Role[] =>
  ROLES.filter((role) => cellOf(resource, actions, role) !== "no");

/** The records a caller reaches on a route: all, or those whose owner column holds their id. */
export type Scope = { all: true } | { all: false; column: string; userId: number };

export function scopeOf(resource: AnyDataResource, actions: readonly ResourceAction[], user: SessionUser): Scope {
  const cells = user.roles.map((role) => cellOf(resource, actions, role));
  if (cells.includes("yes")) return { all: true };
  const column = ownerColumn(resource);
  if (!cells.includes("own") || !column) throw forbidden();
  return { all: false, column, userId: user.id };
}

/** Refuses a record the scope does not reach. */
export function assertInScope(scope: Scope, row: Row, what: string): void {
  if (!scope.all && Number(row[scope.column]) !== scope.userId) throw forbidden(`You may only reach your own ${what}`);
}

/**
 * A record created by someone who may create only their own has them as its owner: an owner field
 * they leave out is filled in before the record's rules require it (one they fill in for someone else
 * is refused by the store).
 */
export function fillOwner(request: FastifyRequest, resource: AnyDataResource, scope: Scope): void {
  const body = request.body as Record<string, unknown> | undefined;
  if (scope.all || !resource.ownerField || body === null || typeof body !== "object" || Array.isArray(body)) return;
  if (isEmpty(body[resource.ownerField] ?? null)) request.body = { ...body, [resource.ownerField]: scope.userId };
}

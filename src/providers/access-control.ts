import type { AccessControlProvider } from "@refinedev/core";
import type { Role } from "../contract";
import { type AnyDataResource, RESOURCE_ACTIONS, type ResourceAction, rolesFor as declaredRolesFor } from "../resources/model/resource";
import type { ResourceDeclaration } from "../resources/types";

const VIEW_ACTIONS = new Set(["list", "show"]);

/**
 * A declared resource's screens allow what its declaration grants their dashboard's role (Refine's
 * "edit" is the declaration's "update"); a super admin's Employers are read-only because only admins
 * are granted the writes.
 */
function declaredScreenRoles(data: AnyDataResource, dashboardRole: Role, action: string): readonly Role[] {
  const declared = action === "edit" ? "update" : action;
  if (!(RESOURCE_ACTIONS as readonly string[]).includes(declared)) return [];
  return declaredRolesFor(data, declared as ResourceAction).filter((role) => role === dashboardRole);
}

function rolesFor(resource: ResourceDeclaration, action: string): readonly Role[] {
  if (resource.data) return declaredScreenRoles(resource.data, resource.role, action);
  if (VIEW_ACTIONS.has(action)) return [resource.role];
  return resource.actions?.[action] ?? [];
}

/**
 * Spec §6: whether a user with `roles` may do `action` on a resource. `resource` is an identifier
 * ("admin-pending-passports") or an API name ("passports"), in which case any resource of that name
 * that allows it is enough.
 */
export function isAllowed(resources: readonly ResourceDeclaration[], roles: readonly Role[], resource: string | undefined, action: string): boolean {
  if (!resource) return false;
  const byIdentifier = resources.filter((r) => r.identifier === resource);
  const candidates = byIdentifier.length > 0 ? byIdentifier : resources.filter((r) => r.name === resource);
  return candidates.some((r) => rolesFor(r, action).some((role) => roles.includes(role)));
}

/** Spec §6: each role reaches its own dashboard's routes; a user may hold several roles. */
export function canReachDashboard(roles: readonly Role[], dashboardRole: Role): boolean {
  return roles.includes(dashboardRole);
}

export function createAccessControlProvider(resources: readonly ResourceDeclaration[], currentRoles: () => readonly Role[]): AccessControlProvider {
  return {
    async can({ resource, action, params }) {
      const key = (params?.resource?.identifier as string | undefined) ?? resource;
      const can = isAllowed(resources, currentRoles(), key, action);
      return can ? { can } : { can, reason: "Your role may not do this" };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      // Answers depend on who is signed in; the cache is cleared whenever that changes.
      // Answered here, not by the server: also while offline (react-query would hold them until online).
      queryOptions: { staleTime: Infinity, networkMode: "always" },
    },
  };
}

import { matchesRoute } from "./match-route";
import type { Role } from "../contract";
import { resourcesOfRole } from "../resources/derive";
import type { PageAction, ResourceDeclaration } from "../resources/types";
import { DASHBOARDS } from "./dashboards";

/** In the order paths are matched: "employers/create" before "employers/:id". */
export const PAGE_ACTIONS: readonly PageAction[] = ["list", "create", "edit", "show"];

export interface RouteTarget {
  /** Absolute route pattern, e.g. "/dashboard/admin/pending" or "/dashboard/admin/users/:userId/update-user". */
  path: string;
  role: Role;
  resource: ResourceDeclaration;
  action: PageAction;
}

/**
 * Every page route of the dashboards, as AppRoutes renders them from the declared resources: each
 * page of each resource, the dashboard's index, and the values of its data-type parameter.
 */
export function routeTargets(declarations: readonly ResourceDeclaration[]): RouteTarget[] {
  return DASHBOARDS.flatMap((dashboard) => {
    const resources = resourcesOfRole(declarations, dashboard.role);
    const targets: RouteTarget[] = resources.flatMap((resource) =>
      PAGE_ACTIONS.filter((action) => resource.pages[action]).map((action) => ({
        path: `${dashboard.path}/${resource.pages[action]!.path}`,
        role: dashboard.role,
        resource,
        action,
      })),
    );
    const index = resources.find((r) => r.dashboardIndex);
    if (index) targets.push({ path: dashboard.path, role: dashboard.role, resource: index, action: "list" });
    for (const value of dashboard.dataTypeParam?.values ?? []) {
      const resource = resources.find((r) => r.pages.list?.path === value);
      if (resource) targets.push({ path: `${dashboard.path}/${value}`, role: dashboard.role, resource, action: "list" });
    }
    return targets;
  });
}

/** The page a path opens for a user with `roles`, if any. */
export function routeTargetOf(resources: readonly ResourceDeclaration[], pathname: string, roles: readonly Role[]): RouteTarget | undefined {
  return routeTargets(resources).find((target) => roles.includes(target.role) && matchesRoute(target.path, pathname));
}

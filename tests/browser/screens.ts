/**
 * The screens each role opens, derived from the resource declarations (src/resources), so a screen
 * declared later is measured and checked without touching the tests. Pages whose path has a
 * parameter (":userId/update-user") are reached from their list by the tests themselves.
 */
import type { Role } from "../../src/contract";
import { RESOURCES } from "../../src/resources";
import { routeOf } from "../../src/resources/derive";
import type { PageAction, ResourceDeclaration } from "../../src/resources/types";

export interface Screen {
  role: Role;
  resource: ResourceDeclaration;
  action: PageAction;
  path: string;
  /** "ADMIN pending (list)". */
  name: string;
  /** A passport list (the shared passport table). */
  passportList: boolean;
}

export const ROLES: readonly Role[] = ["AGENT", "ADMIN", "SUPER_ADMIN"];

export function screensOf(role: Role): Screen[] {
  return RESOURCES.filter((r) => r.role === role).flatMap((resource) =>
    (["list", "create", "edit"] as const)
      .filter((action) => resource.pages[action] && !resource.pages[action]!.path.includes(":"))
      .map((action) => ({
        role,
        resource,
        action,
        path: routeOf(resource, action)!,
        name: `${role} ${resource.pages[action]!.path} (${action})`,
        passportList: action === "list" && resource.passportTable !== undefined,
      })),
  );
}

/** Every passport list of every role. */
export const PASSPORT_LISTS: Screen[] = ROLES.flatMap(screensOf).filter((s) => s.passportList);

import type { Role } from "../contract";

/** Each role's dashboard (spec §2 routes). */
export const DASHBOARD_PATHS: Record<Role, string> = {
  AGENT: "/dashboard/agent",
  ADMIN: "/dashboard/admin",
  SUPER_ADMIN: "/dashboard/super-admin",
};

/** Spec §2: the sign-in page's routes. */
export const SIGN_IN_PATHS = ["/", "/signin"] as const;

/** Spec §6: after sign-in ADMIN is checked first, then AGENT, then SUPER_ADMIN. */
const LANDING_ORDER: Role[] = ["ADMIN", "AGENT", "SUPER_ADMIN"];

export function landingRoleOf(roles: readonly Role[]): Role | undefined {
  return LANDING_ORDER.find((r) => roles.includes(r));
}

export function landingPathFor(roles: readonly Role[]): string {
  const role = landingRoleOf(roles);
  return role ? DASHBOARD_PATHS[role] : "/";
}

/** Spec §2 layout: the first role picks the colours; AGENT when there is none. */
export function primaryRole(roles: readonly Role[] | undefined): Role {
  return roles?.[0] ?? "AGENT";
}

/**
 * Who hears of a change (docs/live.md "Visibility"): those who may list the resource, and those who
 * may list only their own records when they own one of the change's records.
 */
import type { Role } from "../../src/contract";
import type { AnyDataResource } from "../../src/resources/model";
import type { SessionUser } from "../auth/tokens";
import { cellOf } from "../resources/access";
import type { LiveChange } from "./change";

/** What one role may see of a resource's records: all, its own, or none. */
type Reach = (role: Role) => "yes" | "own" | "no";

/** Passports: admins and super admins all, an agent those whose agent they are (the passport lists' rule). */
const passportReach: Reach = (role) => (role === "AGENT" ? "own" : "yes");

export type MaySee = (user: SessionUser, change: LiveChange) => boolean;

/**
 * The rule of every resource: passports, users (the roles that may list users, `usersListRoles`) and
 * each declared resource by its `list` grants. A resource it does not know reaches nobody.
 */
export function audienceRule(declared: readonly AnyDataResource[], usersListRoles: readonly Role[]): MaySee {
  const reaches = new Map<string, Reach>([
    ["passports", passportReach],
    ["users", (role) => (usersListRoles.includes(role) ? "yes" : "no")],
  ]);
  for (const resource of declared) reaches.set(resource.name, (role) => cellOf(resource, ["list"], role));
  return (user, change) => {
    const reach = reaches.get(change.resource);
    if (!reach) return false;
    const cells = user.roles.map(reach);
    return cells.includes("yes") || (cells.includes("own") && change.owners.includes(user.id));
  };
}

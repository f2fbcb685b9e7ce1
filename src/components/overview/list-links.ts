import type { MilestoneField, PassportStatus, Role } from "../../contract";
import { resourcesOfRole, routeOf } from "../../resources/derive";
import type { ResourceDeclaration } from "../../resources/types";

const shows = (resource: ResourceDeclaration, status: PassportStatus) => resource.passportTable?.statuses?.includes(status) ?? false;
const searchesStatus = (resource: ResourceDeclaration) => resource.passportTable?.search.includes("status") ?? false;

/**
 * Where a count of the Overview opens: the role's list (among `resources`) of `status` passports with `filter` in its URL
 * (the table reads it, shows it as chips and sends it), or undefined when the role has no list
 * showing that status. Best first: a list of that status alone (for a milestone, one showing that
 * milestone's column), then a list of several statuses or of every status, narrowed by its status filter.
 */
export function listLink(
  resources: readonly ResourceDeclaration[],
  role: Role,
  status: PassportStatus,
  filter: Record<string, string> = {},
  options: { agentId?: string; milestone?: MilestoneField } = {},
): string | undefined {
  const lists = resourcesOfRole(resources, role).filter((r) => r.name === "passports" && r.pages.list && r.passportTable);
  const alone = lists.filter((r) => r.passportTable!.statuses?.length === 1 && shows(r, status));
  const narrowed = lists.filter((r) => searchesStatus(r) && (shows(r, status) || r.passportTable!.statuses === undefined));
  const milestoneShown = (r: ResourceDeclaration) => options.milestone !== undefined && r.passportTable!.columns.includes(options.milestone);
  const target = alone.find(milestoneShown) ?? alone[0] ?? narrowed.find(milestoneShown) ?? narrowed[0];
  if (!target) return undefined;

  const query = new URLSearchParams(filter);
  if (!alone.includes(target)) query.set("isSuperAdminApproved", status);
  if (options.agentId && target.passportTable!.agentFilter) query.set("agentId", options.agentId);
  const search = query.toString();
  return search ? `${routeOf(target, "list")}?${search}` : routeOf(target, "list");
}

import { PASSPORT_STATUSES, type Role } from "../../contract";
import { resourcesOfRole } from "../../resources/derive";
import { usePassportOverview } from "../overview";
import { useResourceDeclarations } from "../resource-context";

/**
 * How many passports each passport list of the dashboard holds, by resource identifier, from the
 * overview's counts per status (within the user's passports: an agent's own). Lists that are not by
 * status (Agent Data Entry) have none.
 */
export function useMenuCounts(dashboardRole: Role): Record<string, number> {
  const { overview } = usePassportOverview();
  const resources = useResourceDeclarations();
  const counts: Record<string, number> = {};
  if (!overview) return counts;
  for (const resource of resourcesOfRole(resources, dashboardRole)) {
    const table = resource.passportTable;
    if (resource.name !== "passports" || !table) continue;
    const statuses = table.statuses ?? (table.search.includes("status") ? PASSPORT_STATUSES : undefined);
    if (statuses) counts[resource.identifier] = statuses.reduce((sum, status) => sum + (overview.byStatus[status] ?? 0), 0);
  }
  return counts;
}

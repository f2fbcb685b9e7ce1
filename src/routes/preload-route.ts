import type { CrudFilter } from "@refinedev/core";
import { PATHS } from "../contract";
import { sortKeys } from "../components/filters/useDebouncedFilters";
import { readTableParams } from "../components/passport-table/usePassportTableState";
import { dataProvider } from "../providers";
import { COLUMN_FILTER_KEYS } from "../resources/passport-columns";
import type { ResourceDeclaration } from "../resources/types";
import { sessionStore } from "../session/session";
import { routeTargetOf } from "./route-targets";

/**
 * Requests the data a list page will ask for as it first renders: a passport table's page with the
 * filters and agent of the URL (and the agents for its dropdown), or a plain resource's whole list.
 */
export function prefetchList(resource: ResourceDeclaration, search: URLSearchParams): void {
  const meta = { api: resource.api };
  const table = resource.passportTable;
  if (table) {
    const filterKeys = table.search.flatMap((id) => COLUMN_FILTER_KEYS[id] ?? []);
    const { page, pageSize, filters, agentId } = readTableParams(search, filterKeys, Boolean(table.agentFilter));
    // As PassportTable builds them: the filters in key order, then the agent.
    const crudFilters: CrudFilter[] = Object.entries(sortKeys(filters)).map(([field, value]) => ({ field, operator: "eq", value }));
    if (agentId) crudFilters.push({ field: "agentId", operator: "eq", value: agentId });
    dataProvider.prefetch.list({ resource: resource.identifier, pagination: { currentPage: page, pageSize, mode: "server" }, filters: crudFilters, meta });
    if (table.agentFilter) dataProvider.prefetch.get(PATHS.allAgents);
  } else if (resource.crud && resource.api.list) {
    dataProvider.prefetch.list({ resource: resource.identifier, pagination: { mode: "off" }, filters: [], meta });
  }
}

/**
 * Starts everything the signed-in screen at `location` needs at once, before React asks for each in
 * turn: the layout's code, the page's code (from its resource declaration) and the page's data.
 * Called at start-up; anything it misses is simply loaded when the screen asks.
 */
export function preloadRoute(location: { pathname: string; search: string }): void {
  const user = sessionStore.get().user;
  if (!user) return;
  void import("../components/layout/AppLayout");
  if (location.pathname === "/profile") {
    void import("../pages/ProfilePage");
    return;
  }
  const target = routeTargetOf(location.pathname, user.roles);
  if (!target) return;
  void target.resource.pages[target.action]?.page();
  if (target.action === "list") prefetchList(target.resource, new URLSearchParams(location.search));
}

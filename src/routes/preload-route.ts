import { PATHS } from "../contract";
import { dataProvider } from "../providers";
import { RESOURCES } from "../resources";
import type { ResourceDeclaration } from "../resources/types";
import { sessionStore } from "../session/session";
import { PAGES, PROFILE_PAGE } from "./page-map";
import { routeTargetOf } from "./route-targets";

/**
 * Requests the data a list page will ask for as it first renders: a legacy declared resource's whole
 * list (slots), or the agents for a passport table's dropdown (its page is the first screen's to fetch:
 * src/first-screen).
 */
export function prefetchList(resource: ResourceDeclaration): void {
  const table = resource.passportTable;
  if (table) {
    if (table.agentFilter) dataProvider.prefetch.get(PATHS.allAgents);
  } else if (resource.data?.legacy && resource.api.list) {
    dataProvider.prefetch.list({ resource: resource.identifier, pagination: { mode: "off" }, filters: [], meta: { api: resource.api } });
  }
}

/**
 * Starts everything the signed-in screen at `location` needs at once, before React asks for each in
 * turn: the layout's code, the page's code (the page its resource declaration names, from the page
 * map) and the page's data.
 * Called at start-up; anything it misses is simply loaded when the screen asks.
 */
export function preloadRoute(location: { pathname: string; search: string }): void {
  const user = sessionStore.get().user;
  if (!user) return;
  void import("../components/layout/AppLayout");
  if (location.pathname === "/profile") {
    void PROFILE_PAGE();
    return;
  }
  const target = routeTargetOf(RESOURCES, location.pathname, user.roles);
  if (!target) return;
  const page = target.resource.pages[target.action];
  if (page) void PAGES[page.page]();
  if (target.action === "list") prefetchList(target.resource);
}

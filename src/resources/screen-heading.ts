import { matchesRoute } from "../routes/match-route";
import { ROLES } from "../contract";
import type { LocalText } from "../i18n/local-text";
import { DASHBOARD_PATHS } from "../session/landing";
import { routeOf } from "./derive";
import type { PageAction, ResourceDeclaration } from "./types";

export interface Crumb {
  /** Shown with useLocalText(). */
  label: LocalText;
  /** Set when the crumb leads somewhere. */
  path?: string;
}

/** What the top bar shows for a screen: its title (the screen's one h1) and the way to it. */
export interface ScreenHeading {
  title: LocalText;
  crumbs: Crumb[];
}

/** "work-permit" → "Work Permit". */
export function segmentTitle(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * A page's title: its declared one ("Slot Number Creation", a declared resource's heading); else a
 * list's label ("Pending Passports", "Application History"); else the menu item that opens it.
 */
export function pageTitle(resource: ResourceDeclaration, action: PageAction): LocalText {
  const declared = resource.pages[action]?.title;
  if (declared) return declared;
  if (action === "list") return resource.label;
  return resource.menu?.find((entry) => entry.action === action)?.label ?? resource.label;
}

/**
 * The heading of the screen at `pathname` (spec §2: "a breadcrumb and title derived from the last path
 * segment"), read from the resource declarations: the dashboard, the menu group, the list an edit page
 * belongs to, then the page. Paths no resource declares fall back to the segment's words.
 */
export function screenHeading(resources: readonly ResourceDeclaration[], pathname: string): ScreenHeading {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const role of ROLES) {
    const dashboard = DASHBOARD_PATHS[role];
    if (path !== dashboard && !path.startsWith(`${dashboard}/`)) continue;
    const home: Crumb = { label: { key: `common.roles.${role}`, en: segmentTitle(dashboard.split("/").pop()!) }, path: dashboard };
    const own = resources.filter((r) => r.role === role);
    const found =
      path === dashboard
        ? own.filter((r) => r.dashboardIndex).map((resource) => ({ resource, action: "list" as PageAction }))[0]
        : own
            .flatMap((resource) => (["list", "create", "edit", "show"] as const).map((action) => ({ resource, action })))
            .find(({ resource, action }) => {
              const route = routeOf(resource, action);
              return route !== undefined && matchesRoute(route, path);
            });
    if (!found) break;
    const { resource, action } = found;
    const menu = resource.menu?.find((entry) => (entry.action ?? "list") === action) ?? resource.menu?.[0];
    const crumbs: Crumb[] = [home];
    if (menu?.group) crumbs.push({ label: menu.group });
    if ((action === "edit" || action === "show") && resource.pages.list) crumbs.push({ label: pageTitle(resource, "list"), path: routeOf(resource, "list") });
    const title = pageTitle(resource, action);
    return { title, crumbs: [...crumbs, { label: title }] };
  }
  const segments = path.split("/").filter(Boolean);
  const title = segmentTitle(segments.at(-1) ?? "");
  return { title, crumbs: [{ label: title }] };
}

import type { ResourceProps } from "@refinedev/core";
import type { Role } from "../contract";
import { englishText, type LocalText } from "../i18n/local-text";
import { DASHBOARD_PATHS } from "../session/landing";
import { MENU_GROUPS } from "./menu-groups";
import type { PageAction, ResourceDeclaration } from "./types";

/*
 * What the app derives from the declarations. Each helper is handed the declarations (never reads the
 * registry itself), so a component can use it with those of its context (src/components/resource-context.tsx).
 */

/** Absolute route of one of a resource's pages. */
export function routeOf(resource: ResourceDeclaration, action: PageAction): string | undefined {
  const page = resource.pages[action];
  return page ? `${DASHBOARD_PATHS[resource.role]}/${page.path}` : undefined;
}

/** A record's page, e.g. "/dashboard/admin/employers/7" or ".../employers/7/edit". */
export function recordRouteOf(resource: ResourceDeclaration, action: "show" | "edit", id: string | number): string | undefined {
  return routeOf(resource, action)?.replace(":id", encodeURIComponent(String(id)));
}

/** The screens of the declared resource `name` on `role`'s dashboard (a reference's target, for its links). */
export function declaredScreenOf(resources: readonly ResourceDeclaration[], name: string, role: Role): ResourceDeclaration | undefined {
  return resources.find((r) => r.data?.name === name && r.role === role);
}

export function findResource(resources: readonly ResourceDeclaration[], key: string | undefined): ResourceDeclaration | undefined {
  return resources.find((r) => r.identifier === key);
}

export function resourcesOfRole(resources: readonly ResourceDeclaration[], role: Role): ResourceDeclaration[] {
  return resources.filter((r) => r.role === role);
}

/** The resources as Refine knows them; `meta.api` tells the data provider which endpoints to call. */
export function toRefineResources(resources: readonly ResourceDeclaration[]): ResourceProps[] {
  return resources.map((r) => ({
    name: r.name,
    identifier: r.identifier,
    list: routeOf(r, "list"),
    create: routeOf(r, "create"),
    edit: routeOf(r, "edit"),
    show: routeOf(r, "show"),
    meta: { label: englishText(r.label), api: r.api, ...(r.dataProviderName ? { dataProviderName: r.dataProviderName } : {}) },
  }));
}

export interface MenuItem {
  key: string;
  /** Shown with useLocalText(). */
  label: LocalText;
  /** Set on leaves. */
  path?: string;
  /** Resource and action the item opens, for access checks. */
  resource?: string;
  action?: PageAction;
  children?: MenuItem[];
}

/** The menu of one dashboard (spec §2 Layout), in declared order, groups as parents. */
export function menuOf(resources: readonly ResourceDeclaration[], role: Role): MenuItem[] {
  type Ordered = MenuItem & { order: number };
  const top: Ordered[] = [];
  const groups = new Map<string, Ordered>();
  for (const resource of resourcesOfRole(resources, role)) {
    for (const entry of resource.menu ?? []) {
      const action = entry.action ?? "list";
      const leaf: Ordered = {
        key: `${resource.identifier}:${action}`,
        label: entry.label,
        path: routeOf(resource, action),
        resource: resource.identifier,
        action,
        order: entry.order,
      };
      if (!entry.group) {
        top.push(leaf);
        continue;
      }
      // A group is known by its English label, however its texts are written.
      const name = englishText(entry.group);
      let group = groups.get(name);
      if (!group) {
        const declared = Object.values(MENU_GROUPS).find((g) => englishText(g.label) === name);
        group = { key: `group:${name}`, label: entry.group, order: declared?.order ?? entry.order, children: [] };
        groups.set(name, group);
        top.push(group);
      }
      group.children!.push(leaf);
    }
  }
  const byOrder = (a: Ordered, b: Ordered) => a.order - b.order;
  const strip = ({ order: _order, children, ...item }: Ordered): MenuItem =>
    children ? { ...item, children: (children as Ordered[]).sort(byOrder).map(strip) } : item;
  return top.sort(byOrder).map(strip);
}

import { Badge, Menu, type MenuProps } from "antd";
import { Link, useLocation } from "react-router";
import type { Role } from "../../contract";
import type { LocalText } from "../../i18n/local-text";
import { useLocalText } from "../../i18n/useLocalText";
import { isAllowed } from "../../providers/access-control";
import { menuOf, resourcesOfRole, routeOf, type MenuItem } from "../../resources/derive";
import type { ResourceDeclaration } from "../../resources/types";
import { useResourceDeclarations } from "../resource-context";
import { useMenuCounts } from "./useMenuCounts";

type AntdItem = Required<MenuProps>["items"][number];

function visible(resources: readonly ResourceDeclaration[], items: MenuItem[], roles: readonly Role[]): MenuItem[] {
  return items
    .map((item) => (item.children ? { ...item, children: visible(resources, item.children, roles) } : item))
    .filter((item) => (item.children ? item.children.length > 0 : isAllowed(resources, roles, item.resource, item.action ?? "list")));
}

/** A leaf links to its page; a passport list's leaf also shows how many passports the list holds. */
function toAntd(item: MenuItem, counts: Record<string, number>, text: (label: LocalText) => string, onNavigate?: () => void): AntdItem {
  const label = text(item.label);
  if (item.children) return { key: item.key, label, children: item.children.map((c) => toAntd(c, counts, text, onNavigate)) };
  const count = item.action === "list" && item.resource ? counts[item.resource] : undefined;
  if (count === undefined) return { key: item.key, label: <Link to={item.path!} onClick={onNavigate}>{label}</Link> };
  return {
    key: item.key,
    label: (
      // The count beside the link, not in it: the link's name stays the screen's name.
      <>
        <Link to={item.path!} onClick={onNavigate} title={`${label}: ${count} passports`}>
          {label}
        </Link>{" "}
        {/* Clicks on the count go through to the item, which follows the link. */}
        <span style={{ pointerEvents: "none" }}>
          <Badge count={count} showZero overflowCount={99_999} color="rgba(255, 255, 255, 0.2)" size="small" style={{ boxShadow: "none" }} />
        </span>
      </>
    ),
  };
}

function selectedKey(resources: readonly ResourceDeclaration[], items: MenuItem[], pathname: string, dashboardRole: Role): string | undefined {
  const leaves = items.flatMap((item) => item.children ?? [item]);
  const exact = leaves.find((leaf) => leaf.path === pathname);
  if (exact) return exact.key;
  // A record's page (or its edit page) belongs to its list's item: /dashboard/admin/employers/7.
  const within = leaves.find((leaf) => leaf.path && pathname.startsWith(`${leaf.path}/`));
  if (within) return within.key;
  // The dashboard's index shows its index resource.
  const index = resourcesOfRole(resources, dashboardRole).find((r) => r.dashboardIndex);
  const indexPath = index ? routeOf(index, "list") : undefined;
  return pathname.replace(/\/$/, "").split("/").length === 3 ? leaves.find((l) => l.path === indexPath)?.key : undefined;
}

/** The dashboard's menu (spec §2 Layout), showing only what the user's roles may open. */
export function SideMenu({ dashboardRole, roles, onNavigate }: { dashboardRole: Role; roles: readonly Role[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const resources = useResourceDeclarations();
  const items = visible(resources, menuOf(resources, dashboardRole), roles);
  const selected = selectedKey(resources, items, pathname, dashboardRole);
  const counts = useMenuCounts(dashboardRole);
  const text = useLocalText();
  return (
    <nav aria-label="Main menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items.map((item) => toAntd(item, counts, text, onNavigate))}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={items.filter((item) => item.children).map((item) => item.key)}
      />
    </nav>
  );
}

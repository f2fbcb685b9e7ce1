import { Badge, Menu, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { Role } from "../../contract";
import { type Formatter, useFormat } from "../../i18n/useFormat";
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

/** How an item is drawn in the chosen language: its label (a declaration's text), its count, the count's title. */
interface Texts {
  label: (item: MenuItem) => string;
  format: Formatter;
  countTitle: (label: string, count: string) => string;
}

/** A leaf links to its page; a passport list's leaf also shows how many passports the list holds. */
function toAntd(item: MenuItem, counts: Record<string, number>, texts: Texts, onNavigate?: () => void): AntdItem {
  const label = texts.label(item);
  if (item.children) return { key: item.key, label, children: item.children.map((c) => toAntd(c, counts, texts, onNavigate)) };
  const count = item.action === "list" && item.resource ? counts[item.resource] : undefined;
  if (count === undefined) return { key: item.key, label: <Link to={item.path!} onClick={onNavigate}>{label}</Link> };
  // English as before (antd's own figure); Bengali digits, grouped in lakhs, in Bengali.
  const { format } = texts;
  const shown = format.language === "en" ? count : format.count(count);
  return {
    key: item.key,
    label: (
      // The count beside the link, not in it: the link's name stays the screen's name.
      <>
        <Link to={item.path!} onClick={onNavigate} title={texts.countTitle(label, String(shown))}>
          {label}
        </Link>{" "}
        {/* Clicks on the count go through to the item, which follows the link. */}
        {/* A dark chip: white figures on it keep 4.5:1 on every menu colour, the selected item's included. */}
        <span style={{ pointerEvents: "none" }}>
          <Badge count={shown} showZero overflowCount={99_999} color="rgba(0, 0, 0, 0.35)" size="small" style={{ boxShadow: "none" }} />
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
  const { t } = useTranslation();
  const text = useLocalText();
  const texts: Texts = {
    label: (item) => text(item.label),
    format: useFormat(),
    countTitle: (label, count) => t("layout.menuCount", { label, count }),
  };
  return (
    <nav aria-label={t("layout.mainMenu")}>
      <Menu
        theme="dark"
        mode="inline"
        items={items.map((item) => toAntd(item, counts, texts, onNavigate))}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={items.filter((item) => item.children).map((item) => item.key)}
      />
    </nav>
  );
}

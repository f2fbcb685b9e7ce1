import type { ThemeConfig } from "antd";
import type { Role } from "../../contract";
import { NOTIFICATION_TOKENS } from "../../providers/notification-area";

interface RoleTheme {
  /** Stable name for tests and styling hooks. */
  name: string;
  primary: string;
  /** Hovered and pressed primaries: darker, not antd's lighter default, so white text stays readable. */
  hover: string;
  active: string;
  sider: string;
}

/**
 * Spec §2 layout: agent blue, admin green, super admin purple. Each primary carries white text at
 * WCAG AA (4.5:1 or more: blue 6.2, green 5.6, purple 6.9); the sidebars are darker shades of them.
 */
export const ROLE_THEMES: Record<Role, RoleTheme> = {
  AGENT: { name: "agent", primary: "#0958d9", hover: "#003eb3", active: "#002c8c", sider: "#0b3b8c" },
  ADMIN: { name: "admin", primary: "#237804", hover: "#135200", active: "#092b00", sider: "#135200" },
  SUPER_ADMIN: { name: "super-admin", primary: "#722ed1", hover: "#531dab", active: "#391085", sider: "#391085" },
};

/**
 * Colours every screen shares, each readable at WCAG AA on white and on its tag's pale background:
 * links and the default primary blue 6.2:1, error text and danger buttons 5.6:1; status and progress
 * tags keep antd's green, orange, red and blue presets, their text one shade darker where antd's is too
 * light (green 5.4:1 and orange 5.1:1 on their pale backgrounds).
 */
export const BASE_TOKENS: ThemeConfig["token"] = {
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Nirmala UI", Vrinda, "Shonar Bangla", "Bangla Sangam MN", "Noto Sans Bengali", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"',
  colorPrimary: "#0958d9",
  colorPrimaryHover: "#003eb3",
  colorPrimaryActive: "#002c8c",
  colorInfo: "#0958d9",
  colorLink: "#0958d9",
  colorError: "#cf1322",
  // Secondary text, breadcrumbs and descriptions: 65 % black (7:1 on white) rather than antd's 45 % (3.4:1).
  colorTextDescription: "rgba(0, 0, 0, 0.65)",
  colorTextTertiary: "rgba(0, 0, 0, 0.65)",
};
export const TAG_TOKENS = { green7: "#237804", orange7: "#ad4e00" } as const;
/** A disabled select still shows a value people read (the role on Update User): 65 % black, not 25 %. */
export const SELECT_TOKENS = { colorTextDisabled: "rgba(0, 0, 0, 0.65)" } as const;

/** The signed-in app's theme: the colours every screen shares, and its components' own (antd merges nested themes: a role's adds its colours). */
export const SIGNED_IN_THEME: ThemeConfig = { token: BASE_TOKENS, components: { ...NOTIFICATION_TOKENS, Tag: TAG_TOKENS, Select: SELECT_TOKENS } };

/** antd theme of a role: primary buttons in the role's colour, sidebar in its dark shade. */
export function antdThemeFor(role: Role): ThemeConfig {
  const { primary, hover, active, sider } = ROLE_THEMES[role];
  return {
    token: { colorPrimary: primary, colorPrimaryHover: hover, colorPrimaryActive: active },
    components: {
      Layout: { siderBg: sider },
      Menu: { darkItemBg: sider, darkSubMenuItemBg: sider, darkPopupBg: sider, darkItemSelectedBg: primary },
    },
  };
}

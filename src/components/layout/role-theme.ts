import type { ThemeConfig } from "antd";
import type { Role } from "../../contract";

interface RoleTheme {
  /** Stable name for tests and styling hooks. */
  name: string;
  primary: string;
  sider: string;
}

/** Spec §2 layout: agent blue, admin green, super admin purple. */
export const ROLE_THEMES: Record<Role, RoleTheme> = {
  AGENT: { name: "agent", primary: "#1677ff", sider: "#0b3b8c" },
  ADMIN: { name: "admin", primary: "#389e0d", sider: "#135200" },
  SUPER_ADMIN: { name: "super-admin", primary: "#722ed1", sider: "#391085" },
};

/** antd theme of a role: primary buttons in the role's colour, sidebar in its dark shade. */
export function antdThemeFor(role: Role): ThemeConfig {
  const { primary, sider } = ROLE_THEMES[role];
  return {
    token: { colorPrimary: primary },
    components: {
      Layout: { siderBg: sider },
      Menu: { darkItemBg: sider, darkSubMenuItemBg: sider, darkPopupBg: sider, darkItemSelectedBg: primary },
    },
  };
}

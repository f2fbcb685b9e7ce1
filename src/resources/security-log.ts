import { PATHS } from "../contract";
import { MENU_GROUPS } from "./menu-groups";
import type { ResourceDeclaration } from "./types";

/** Issue 11: the security log, read-only, for super admins under the Control Panel. */
export const securityLog: ResourceDeclaration = {
  identifier: "security-log",
  name: "security-events",
  label: { en: "Security Log", bn: "নিরাপত্তা লগ" },
  role: "SUPER_ADMIN",
  pages: { list: { path: "security-log", page: "security-log" } },
  menu: [{ label: { en: "Security Log", bn: "নিরাপত্তা লগ" }, order: 3, group: MENU_GROUPS.controlPanel.label }],
  api: { list: { path: PATHS.securityEvents } },
};

import type { Role } from "../contract";
import { DASHBOARD_PATHS } from "../session/landing";

export interface Dashboard {
  role: Role;
  path: string;
  /**
   * Spec §2: a route parameter that picks one of the dashboard's list pages by its path
   * (agent ":agentDataType" = approved | rejected, super admin ":adminDataType" = passport-history).
   */
  dataTypeParam?: { name: string; values: readonly string[] };
}

export const DASHBOARDS: readonly Dashboard[] = [
  { role: "AGENT", path: DASHBOARD_PATHS.AGENT, dataTypeParam: { name: "agentDataType", values: ["approved", "rejected"] } },
  { role: "ADMIN", path: DASHBOARD_PATHS.ADMIN },
  { role: "SUPER_ADMIN", path: DASHBOARD_PATHS.SUPER_ADMIN, dataTypeParam: { name: "adminDataType", values: ["passport-history"] } },
];

import type { Role } from "../contract";
import type { ResourceDeclaration } from "./types";

/**
 * Each role's Overview (issue 14): the first item of its menu, at `overview` under its dashboard. It
 * reads GET /api/passport/overview itself (src/pages/overview), so it declares no list endpoint.
 */
function overviewOf(role: Role, identifier: string): ResourceDeclaration {
  return {
    identifier,
    name: "overview",
    label: { en: "Overview", bn: "সারসংক্ষেপ" },
    role,
    pages: { list: { path: "overview", page: "overview" } },
    menu: [{ label: { en: "Overview", bn: "সারসংক্ষেপ" }, order: -1 }],
    api: {},
  };
}

export const agentOverview = overviewOf("AGENT", "agent-overview");
export const adminOverview = overviewOf("ADMIN", "admin-overview");
export const superAdminOverview = overviewOf("SUPER_ADMIN", "super-admin-overview");

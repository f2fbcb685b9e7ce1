import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../src/contract";
import { englishText } from "../../src/i18n/local-text";
import { canReachDashboard, createAccessControlProvider, isAllowed } from "../../src/providers/access-control";
import { RESOURCES } from "../../src/resources";
import { DECLARED_RESOURCES } from "../../src/resources/declared";
import { screenRolesOf } from "../../src/resources/declared-screens";
import { menuOf, toRefineResources } from "../../src/resources/derive";
import { DASHBOARD_PATHS, landingPathFor } from "../../src/session/landing";

/** Spec §6 written out by hand: who may open each resource's pages. */
const VIEWERS: Record<string, Role> = {
  "agent-pending-passports": "AGENT",
  "agent-approved-passports": "AGENT",
  "agent-rejected-passports": "AGENT",
  "admin-agent-data-entry": "ADMIN",
  "admin-pending-passports": "ADMIN",
  "admin-reviewed-passports": "ADMIN",
  "admin-work-permit": "ADMIN",
  slots: "ADMIN",
  "super-admin-pending-passports": "SUPER_ADMIN",
  "super-admin-approved-passports": "SUPER_ADMIN",
  "super-admin-rejected-passports": "SUPER_ADMIN",
  "super-admin-final-approval": "SUPER_ADMIN",
  "passport-history": "SUPER_ADMIN",
  users: "SUPER_ADMIN",
  // Not in the spec: issue 11's Security Log, under Control Panel.
  "security-log": "SUPER_ADMIN",
  // Not in the spec: issue 14's Overview per role and the agent's In Progress list.
  "agent-overview": "AGENT",
  "admin-overview": "ADMIN",
  "super-admin-overview": "SUPER_ADMIN",
  "agent-in-progress-passports": "AGENT",
};

/**
 * Issue 26's declared resources (not slots, which the spec fixed): one screen per dashboard whose role
 * the declaration lets list it, opened by that role alone. Read from the declarations, so a new one
 * needs no line here; Employers and Demand Letters are also written out below.
 */
const DECLARED = DECLARED_RESOURCES.filter((r) => !r.legacy);
const DECLARED_SCREENS = RESOURCES.filter((r) => r.data && !r.data.legacy);
const declaredLabels = (role: Role) =>
  DECLARED.filter((r) => r.menu && screenRolesOf(r).includes(role))
    .sort((a, b) => a.menu!.order - b.menu!.order)
    .map((r) => englishText(r.menu!.label ?? r.label.many));

describe("access control (spec §6)", () => {
  it("declares exactly the resources of the table, and a screen per declared resource and role that may list it", () => {
    expect(RESOURCES.filter((r) => !DECLARED_SCREENS.includes(r)).map((r) => r.identifier).sort()).toEqual(Object.keys(VIEWERS).sort());
    const screens = DECLARED_SCREENS.map((r) => `${r.name} ${r.role}`).sort();
    expect(screens).toEqual(DECLARED.flatMap((r) => screenRolesOf(r).map((role) => `${r.name} ${role}`)).sort());
    expect(DECLARED_SCREENS.map((r) => r.identifier)).toEqual(expect.arrayContaining(["admin-employers", "super-admin-employers", "admin-demand-letters", "super-admin-demand-letters"]));
  });

  const viewers = { ...VIEWERS, ...Object.fromEntries(DECLARED_SCREENS.map((r) => [r.identifier, r.role!])) };
  for (const [identifier, viewer] of Object.entries(viewers)) {
    for (const role of ROLES) {
      it(`${role} ${role === viewer ? "may" : "may not"} open ${identifier}`, async () => {
        const provider = createAccessControlProvider(RESOURCES, () => [role]);
        const resource = toRefineResources(RESOURCES).find((r) => r.identifier === identifier)!;
        const { can } = await provider.can({ resource: resource.name, action: "list", params: { resource: resource as never } });
        expect(can).toBe(role === viewer);
      });
    }
  }

  it.each([
    ["ADMIN", "slots", "create", true],
    ["ADMIN", "slots", "delete", true],
    ["SUPER_ADMIN", "slots", "create", false],
    ["AGENT", "slots", "list", false],
    ["SUPER_ADMIN", "users", "create", true],
    ["SUPER_ADMIN", "users", "edit", true],
    ["SUPER_ADMIN", "users", "delete", true],
    ["ADMIN", "users", "delete", false],
    ["ADMIN", "admin-pending-passports", "review", true],
    ["SUPER_ADMIN", "admin-pending-passports", "review", false],
    ["ADMIN", "admin-work-permit", "complete", true],
    ["SUPER_ADMIN", "super-admin-final-approval", "approve", true],
    ["ADMIN", "super-admin-final-approval", "approve", false],
    ["ADMIN", "passports", "create", true],
    ["ADMIN", "admin-agent-data-entry", "import", true],
    ["ADMIN", "admin-pending-passports", "import", false],
    ["SUPER_ADMIN", "passports", "import", false],
    ["SUPER_ADMIN", "passports", "comment", true],
    ["AGENT", "passports", "create", false],
    ["AGENT", "passports", "edit", false],
    ["AGENT", "agent-pending-passports", "edit", false],
    ["AGENT", "nothing-declared", "list", false],
    // Declared resources: what the declaration grants the screen's dashboard role (issue 26).
    ["ADMIN", "admin-employers", "create", true],
    ["ADMIN", "admin-employers", "edit", true],
    ["ADMIN", "admin-demand-letters", "delete", true],
    ["ADMIN", "admin-demand-letters", "show", true],
    ["SUPER_ADMIN", "super-admin-employers", "show", true],
    ["SUPER_ADMIN", "super-admin-employers", "create", false],
    ["SUPER_ADMIN", "super-admin-employers", "edit", false],
    ["SUPER_ADMIN", "super-admin-demand-letters", "delete", false],
    ["AGENT", "employers", "list", false],
    // import: granted as create unless declared (issue 27); a legacy declaration has none.
    ["ADMIN", "admin-employers", "import", true],
    ["SUPER_ADMIN", "super-admin-employers", "import", false],
    ["ADMIN", "slots", "import", false],
  ] as const)("%s on %s / %s → %s", (role, resource, action, expected) => {
    expect(isAllowed(RESOURCES, [role], resource, action)).toBe(expected);
  });

  it("a user with no role may open nothing", () => {
    for (const resource of RESOURCES) expect(isAllowed(RESOURCES, [], resource.identifier, "list")).toBe(false);
  });
});

describe("menus (spec §2 Layout)", () => {
  const all = (role: Role) => menuOf(RESOURCES, role).map((item) => (item.children ? { [englishText(item.label)]: item.children.map((c) => englishText(c.label)) } : englishText(item.label)));
  /** The menu without the declared resources' items, which follow the spec's by their declarations. */
  const labels = (role: Role) => {
    const declared = new Set(declaredLabels(role));
    const items = all(role);
    expect(items.slice(items.length - declared.size)).toEqual(declaredLabels(role));
    return items.slice(0, items.length - declared.size);
  };

  it("each role's declared resources follow, in their declared order: Employers and Demand Letters for admins and super admins", () => {
    expect(declaredLabels("AGENT")).toEqual([]);
    for (const role of ["ADMIN", "SUPER_ADMIN"] as const) {
      expect(declaredLabels(role)).toEqual(expect.arrayContaining(["Employers", "Demand Letters"]));
      expect(all(role).slice(-declaredLabels(role).length)).toEqual(declaredLabels(role));
    }
  });

  // Each menu opens with issue 14's Overview; the agent's also has In Progress (REVIEWED and COMPLETED).
  it("agent: Overview, Agent Role with Pending, In Progress, Approved, Rejected", () => {
    expect(labels("AGENT")).toEqual(["Overview", { "Agent Role": ["Pending", "In Progress", "Approved", "Rejected"] }]);
  });

  it("admin: Overview, Agent Data Entry, Slot Creation, Pending, Reviewed, Work Permit Submission", () => {
    expect(labels("ADMIN")).toEqual([
      "Overview",
      "Agent Data Entry",
      "Slot Creation",
      "Pending",
      "Reviewed",
      "Work Permit Submission",
    ]);
  });

  it("super admin: Overview, Pending, Approved, Rejected, Final Approval, Control Panel, Application History", () => {
    expect(labels("SUPER_ADMIN")).toEqual([
      "Overview",
      "Pending",
      "Approved",
      "Rejected",
      "Final Approval",
      { "Control Panel": ["User List", "Create User", "Security Log"] },
      "Application History",
    ]);
  });

  it("menu items open the routes of spec §2", () => {
    const declared = (role: Role) => DECLARED.filter((r) => r.menu && screenRolesOf(r).includes(role)).map((r) => `${DASHBOARD_PATHS[role]}/${r.path ?? r.name}`);
    const paths = (role: Role) => {
      const items = menuOf(RESOURCES, role).flatMap((item) => item.children ?? [item]).map((item) => item.path);
      expect(items.slice(items.length - declared(role).length).sort()).toEqual(declared(role).sort());
      return items.slice(0, items.length - declared(role).length);
    };
    expect(paths("AGENT")).toEqual([
      "/dashboard/agent/overview",
      "/dashboard/agent/pending",
      "/dashboard/agent/in-progress",
      "/dashboard/agent/approved",
      "/dashboard/agent/rejected",
    ]);
    expect(paths("ADMIN")).toEqual([
      "/dashboard/admin/overview",
      "/dashboard/admin/agent-data-entry",
      "/dashboard/admin/slot-creation",
      "/dashboard/admin/pending",
      "/dashboard/admin/reviewed",
      "/dashboard/admin/work-permit",
    ]);
    expect(declared("ADMIN")).toEqual(expect.arrayContaining(["/dashboard/admin/employers", "/dashboard/admin/demand-letters"]));
    expect(paths("SUPER_ADMIN")).toEqual([
      "/dashboard/super-admin/overview",
      "/dashboard/super-admin/pending",
      "/dashboard/super-admin/approved",
      "/dashboard/super-admin/rejected",
      "/dashboard/super-admin/final-approval",
      "/dashboard/super-admin/user-list",
      "/dashboard/super-admin/create-user",
      "/dashboard/super-admin/security-log",
      "/dashboard/super-admin/passport-history",
    ]);
    expect(declared("SUPER_ADMIN")).toEqual(expect.arrayContaining(["/dashboard/super-admin/employers", "/dashboard/super-admin/demand-letters"]));
  });
});

describe("landing after sign-in (spec §6)", () => {
  it.each([
    [["ADMIN"], "/dashboard/admin"],
    [["AGENT"], "/dashboard/agent"],
    [["SUPER_ADMIN"], "/dashboard/super-admin"],
    [["SUPER_ADMIN", "AGENT", "ADMIN"], "/dashboard/admin"],
    [["SUPER_ADMIN", "AGENT"], "/dashboard/agent"],
    [[], "/"],
  ] as const)("%j → %s", (roles, path) => {
    expect(landingPathFor(roles)).toBe(path);
  });
});

describe("who reaches each dashboard (spec §6)", () => {
  it.each([
    [["AGENT"], ["AGENT"]],
    [["ADMIN"], ["ADMIN"]],
    [["SUPER_ADMIN"], ["SUPER_ADMIN"]],
    [["SUPER_ADMIN", "AGENT"], ["AGENT", "SUPER_ADMIN"]],
    [[], []],
  ] as const)("%j reaches %j", (roles, reached) => {
    expect(ROLES.filter((dashboard) => canReachDashboard(roles, dashboard))).toEqual(reached);
  });
});

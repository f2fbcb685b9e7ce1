/**
 * The route-by-role test: docs/access.md's "## Matrix" is the rule. Every registered route, the web
 * app's and the CORS preflight's included, must have a row (a route without one fails), must declare
 * the access the row states, and must answer anonymous, AGENT, ADMIN and SUPER_ADMIN callers as the
 * row says, on real records.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredRoute, buildApp } from "../../server/app";
import { declaredRoutes } from "../../server/resources";
import { ROLES, type Role, fillPath } from "../../src/contract";
import { DECLARED_RESOURCES } from "../../src/resources/declared";
import type { AnyDataResource } from "../../src/resources/model";
import { insertSample } from "./declared-samples";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";

type Cell = "yes" | "no" | "own";
const CALLERS = ["anonymous", ...ROLES] as const;
type Caller = (typeof CALLERS)[number];

interface Rule {
  method: string;
  path: string;
  cells: Record<Caller, Cell>;
}

function readMatrix(): Rule[] {
  const doc = readFileSync(resolve(__dirname, "../../docs/access.md"), "utf8");
  const section = doc.split(/^## Matrix\s*$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('docs/access.md has no "## Matrix" section');
  // The hand-written table, then the declared resources' generated one: each with its header.
  const lines = section.split("\n").filter((l) => l.trim().startsWith("|"));
  const isHeader = (line: string) => line.split("|")[1]?.trim() === "Method";
  for (const header of lines.filter(isHeader)) {
    expect(header.split("|").slice(1, -1).map((c) => c.trim())).toEqual(["Method", "Path", "Anonymous", "AGENT", "ADMIN", "SUPER_ADMIN"]);
  }
  return lines.filter((line) => !isHeader(line) && !/^\|[-| ]+\|$/.test(line.trim())).map((line) => {
    const [method, path, ...cells] = line.split("|").slice(1, -1).map((c) => c.trim());
    for (const cell of cells) if (!["yes", "no", "own"].includes(cell)) throw new Error(`docs/access.md: bad cell "${cell}" in ${line}`);
    return { method, path, cells: Object.fromEntries(CALLERS.map((c, i) => [c, cells[i] as Cell])) as Record<Caller, Cell> };
  });
}

const RULES = readMatrix();
const key = (method: string, path: string) => `${method} ${path}`;

/** The declared resource each declared route belongs to. */
const DECLARED_ROUTES = new Map(DECLARED_RESOURCES.flatMap((resource) => declaredRoutes(resource).map((route) => [key(route.method, route.url), resource as AnyDataResource] as const)));

/** The access a route must declare for its row: "public", or the roles that may call it at all. */
function expectedAccess(rule: Rule): "public" | Role[] {
  if (CALLERS.every((c) => rule.cells[c] === "yes")) return "public";
  return ROLES.filter((r) => rule.cells[r] !== "no");
}

/** What docs/access.md and the registered routes disagree on: a route without a row, or declaring other access than its row. */
function routeProblems(routes: RegisteredRoute[]): string[] {
  const documented = new Map(RULES.map((r) => [key(r.method, r.path), r]));
  const problems: string[] = [];
  for (const route of routes) {
    const rule = documented.get(key(route.method, route.url));
    if (!rule) {
      problems.push(`${route.method} ${route.url} has no row in docs/access.md (declared access: ${JSON.stringify(route.access)})`);
      continue;
    }
    const expected = expectedAccess(rule);
    const declared = Array.isArray(route.access) ? [...route.access].sort() : route.access;
    const wanted = Array.isArray(expected) ? [...expected].sort() : expected;
    if (JSON.stringify(declared) !== JSON.stringify(wanted)) {
      problems.push(`${route.method} ${route.url} declares ${JSON.stringify(route.access)}, docs/access.md says ${JSON.stringify(expected)}`);
    }
  }
  return problems;
}

const ORIGIN = "https://app.example.com";

describe.each(DIALECTS)("route-by-role on %s", (dialect) => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let agentB: TestUser;
  let ownPassport: number; // agentA's
  let otherPassport: number; // agentB's
  let slotId: number;
  let spareSlotId: number; // deleted by the slot-delete row
  let spareUserId: number; // deleted by the user-delete row
  let sessionsUserId: number; // signed out everywhere and disabled by the super admin's session rows
  let spareSessions: Record<Role, string>; // a second session of each caller, for them to end
  let refreshCookie: string;
  /** Records of each declared resource: agentA's ("mine", also "any") and agentB's. */
  const declaredRecords = new Map<string, { mine: number; other: number }>();

  let webDir: string;

  beforeAll(async () => {
    // With the web app and CORS on, so their routes are enumerated too.
    webDir = mkdtempSync(join(tmpdir(), "access-web-"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Back office</title>");
    t = await createTestApp(dialect, { staticDir: webDir, corsOrigin: [ORIGIN] });
    users = {
      AGENT: await createUser(t, "agentA", ["AGENT"]),
      ADMIN: await createUser(t, "admin", ["ADMIN"]),
      SUPER_ADMIN: await createUser(t, "superadmin", ["SUPER_ADMIN"]),
    };
    agentB = await createUser(t, "agentB", ["AGENT"]);
    spareUserId = (await createUser(t, "spare", ["AGENT"])).id;
    sessionsUserId = (await createUser(t, "sessions-target", ["AGENT"])).id;
    const secondSession = async (username: string) => {
      const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: TEST_PASSWORD } });
      return decodeJwt(res.json().replyMessage.token).sid as string;
    };
    spareSessions = {
      AGENT: await secondSession("agentA"),
      ADMIN: await secondSession("admin"),
      SUPER_ADMIN: await secondSession("superadmin"),
    };
    slotId = (await createSlot(t, "ACCESS-SLOT")).id;
    spareSlotId = (await createSlot(t, "SPARE-SLOT")).id;
    ownPassport = await insertPassport(t, { agentId: users.AGENT.id, agentName: "agentA", slotId, adminId: users.ADMIN.id });
    otherPassport = await insertPassport(t, { agentId: agentB.id, agentName: "agentB", slotId, adminId: users.ADMIN.id });
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "agentA", password: "secret123" } });
    refreshCookie = cookieOf(login.headers["set-cookie"]);
    for (const resource of DECLARED_RESOURCES) {
      declaredRecords.set(resource.name, {
        mine: await insertSample(t, resource, DECLARED_RESOURCES, { createdBy: users.AGENT.id }),
        other: await insertSample(t, resource, DECLARED_RESOURCES, { createdBy: agentB.id }),
      });
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  function cookieOf(header: string | string[] | undefined): string {
    return [header ?? []].flat().map((c) => c.split(";")[0]).find((c) => c.includes("=") && !c.endsWith("=")) ?? "";
  }

  /**
   * Path parameters naming real records: for "mine" the caller's own (their account, agentA's
   * passport), for "other" agentB's, for "any" agentA's.
   */
  type Target = "any" | "mine" | "other";
  /** The id of a declared resource's record: a new one for each delete (agentA's or agentB's), else the shared ones. */
  async function declaredId(rule: Rule, resource: AnyDataResource, target: Target): Promise<number> {
    if (rule.method === "DELETE") return insertSample(t, resource, DECLARED_RESOURCES, { createdBy: target === "other" ? agentB.id : users.AGENT.id });
    return declaredRecords.get(resource.name)![target === "other" ? "other" : "mine"];
  }

  function paramsFor(rule: Rule, caller: TestUser | undefined, target: Target): Record<string, string | number> {
    const userId = target === "other" ? agentB.id : target === "mine" && caller ? caller.id : users.AGENT.id;
    const callerRole = ROLES.find((role) => users[role] === caller) ?? "AGENT";
    // Ending sessions or disabling an account must not sign out the callers the other rows need.
    const endsSessions = rule.path.startsWith("/auth/revoke-sessions/") || rule.path.startsWith("/auth/set-user-enabled/");
    const id = rule.path.startsWith("/api/passport/")
      ? target === "other" ? otherPassport : ownPassport
      : rule.path.startsWith("/slot/")
        ? rule.method === "DELETE" ? spareSlotId : slotId
        : userId;
    return {
      id,
      // Deleting a user is allowed only to super admins; let it remove an account nobody else needs.
      userId: rule.method === "DELETE" ? spareUserId : endsSessions ? sessionsUserId : userId,
      // One's own second session (not the one calling), or agentB's.
      sessionId: target === "other" ? (decodeJwt(agentB.token).sid as string) : spareSessions[callerRole],
      enabled: "false",
      agentId: userId,
      segment: "work-permit-approval-status",
      status: "true",
    };
  }

  async function request(rule: Rule, caller: TestUser | undefined, target: Target) {
    // The web app's catch-all is asked for a page, the CORS route for a preflight of the login.
    const declared = DECLARED_ROUTES.get(key(rule.method, rule.path));
    const params = { ...paramsFor(rule, caller, target), ...(declared ? { id: await declaredId(rule, declared, target) } : {}) };
    const url = rule.path === "/*" ? "/dashboard/admin" : rule.path === "*" ? "/auth/login" : fillPath(rule.path, params);
    const headers: Record<string, string> = rule.method === "OPTIONS" ? { origin: ORIGIN, "access-control-request-method": "POST" } : {};
    let payload: string | undefined;
    if (rule.method !== "GET" && rule.method !== "DELETE" && rule.method !== "OPTIONS") {
      headers["content-type"] = "application/json";
      payload = "{}";
    }
    if (rule.method === "POST" && rule.path === "/") headers.cookie = refreshCookie;
    const res = await call(t, caller, { method: rule.method as "GET", url, headers, payload });
    if (rule.path === "/" && res.statusCode === 200) refreshCookie = cookieOf(res.headers["set-cookie"]); // rotated
    return { url, res };
  }

  it("documents every registered route, with the access it declares", () => {
    const urls = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls, "the web app's and CORS's routes are among those checked").toEqual(expect.arrayContaining(["GET /*", "OPTIONS *"]));
    expect(routeProblems(t.app.routeTable)).toEqual([]);
  });

  it("fails for a registered route without a row, even a public one outside the API", async () => {
    const { app } = await buildApp(t.config);
    app.get("/health", { config: { access: "public" } }, async () => ({ ok: true }));
    app.get("/api/passport/export", { config: { access: ["ADMIN"] } }, async () => []);
    await app.ready();
    try {
      expect(routeProblems(app.routeTable)).toEqual([
        'GET /health has no row in docs/access.md (declared access: "public")',
        'GET /api/passport/export has no row in docs/access.md (declared access: ["ADMIN"])',
      ]);
    } finally {
      await app.close();
    }
  });

  it("has no row in docs/access.md without a registered route", () => {
    const registered = new Set(t.app.routeTable.map((r) => key(r.method, r.url)));
    const stale = RULES.filter((r) => !registered.has(key(r.method, r.path))).map((r) => key(r.method, r.path));
    expect(stale, "rows in docs/access.md with no route").toEqual([]);
  });

  it.each(RULES.map((r) => [key(r.method, r.path), r] as const))("%s answers each caller as docs/access.md says", async (_name, rule) => {
    if (!t.app.routeTable.some((r) => key(r.method, r.url) === key(rule.method, rule.path))) {
      throw new Error(`${key(rule.method, rule.path)} is not registered`);
    }
    for (const caller of CALLERS) {
      const user = caller === "anonymous" ? undefined : users[caller];
      const cell = rule.cells[caller];
      if (cell === "no") {
        const { url, res } = await request(rule, user, "any");
        expect(res.statusCode, `${caller} ${rule.method} ${url}: ${res.body}`).toBe(user ? 403 : 401);
        expect(res.json(), `${caller} ${rule.method} ${url}`).toMatchObject({ success: false });
        continue;
      }
      const { url, res } = await request(rule, user, cell === "own" ? "mine" : "any");
      expect([401, 403], `${caller} ${rule.method} ${url} should be allowed: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${caller} ${rule.method} ${url}: ${res.body}`).toBeLessThan(500);
      if (cell === "own") {
        const other = await request(rule, user, "other");
        expect(other.res.statusCode, `${caller} ${rule.method} ${other.url} (someone else's): ${other.res.body}`).toBe(403);
      }
    }
  });
});

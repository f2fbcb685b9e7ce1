/**
 * `:own` grants: resources declared here whose agents reach only their own records, by creator
 * (visits) or by an owner field (tasks). Lists are filtered to them, another's record answers 403, an
 * owner field cannot be given to someone else; and every declared route answers each caller as the
 * declaration grants, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellOf, declaredRoutes } from "../../server/resources";
import { ROLES, type Role, fillPath } from "../../src/contract";
import { type AnyDataResource, defineResource, field } from "../../src/resources/model";
import { createDeclaredApp, generateDeclared } from "./declared-app";
import { insertSample } from "./declared-samples";
import { call, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { multipart } from "./uploads";

/** Owned by whoever created them. */
const visits = defineResource({
  name: "visits",
  label: { one: "Visit", many: "Visits" },
  title: "place",
  fields: {
    place: field.text("Place", { required: true, searchable: true }),
    notes: field.longText("Notes"),
  },
  access: {
    list: ["AGENT:own", "ADMIN"],
    show: ["AGENT:own", "ADMIN", "SUPER_ADMIN"],
    create: ["AGENT", "ADMIN"],
    update: ["AGENT:own"],
    delete: ["AGENT:own", "ADMIN"],
  },
});

/** Owned by the user they are assigned to. */
const tasks = defineResource({
  name: "tasks",
  label: { one: "Task", many: "Tasks" },
  title: "title",
  ownerField: "assigneeId",
  fields: {
    title: field.text("Title", { required: true }),
    assigneeId: field.reference("Assignee", "users", { required: true, filterable: true }),
  },
  access: {
    list: ["AGENT:own", "SUPER_ADMIN"],
    show: ["AGENT:own", "SUPER_ADMIN"],
    create: ["AGENT:own", "SUPER_ADMIN"],
    update: ["AGENT:own", "SUPER_ADMIN"],
    delete: ["SUPER_ADMIN"],
  },
});

const OWN: AnyDataResource[] = [visits, tasks];
const setup = generateDeclared(OWN);

describe.each(DIALECTS)("own-record scopes on %s", (dialect) => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let otherAgent: TestUser;

  beforeAll(async () => {
    t = await createDeclaredApp(dialect, await setup);
    users = {
      AGENT: await createUser(t, "own.agent", ["AGENT"]),
      ADMIN: await createUser(t, "own.admin", ["ADMIN"]),
      SUPER_ADMIN: await createUser(t, "own.super", ["SUPER_ADMIN"]),
    };
    otherAgent = await createUser(t, "own.other", ["AGENT"]);
  });
  afterAll(() => t.close());

  const insert = (resource: AnyDataResource, owner: TestUser, values: Record<string, unknown> = {}) => insertSample(t, resource, [], { createdBy: owner.id, values });

  it("lists an agent's own records only, and everyone's to those granted all", async () => {
    const mine = [await insert(visits, users.AGENT), await insert(visits, users.AGENT)];
    const theirs = await insert(visits, otherAgent);
    const agentList = await call(t, users.AGENT, { method: "GET", url: "/api/visits?_start=0&_end=100" });
    expect(agentList.json().map((r: { id: number }) => r.id).sort()).toEqual([...mine].sort());
    expect(agentList.headers["x-total-count"]).toBe("2");
    const adminList = await call(t, users.ADMIN, { method: "GET", url: "/api/visits?_start=0&_end=100" });
    expect(adminList.json().map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([...mine, theirs]));
    // Asking for another's record by id finds nothing either.
    const many = await call(t, users.AGENT, { method: "GET", url: `/api/visits?id=${theirs}&id=${mine[0]}` });
    expect(many.json().map((r: { id: number }) => r.id)).toEqual([mine[0]]);
  });

  it("answers 403 for another's record, to show, change, delete and its history", async () => {
    const theirs = await insert(visits, otherAgent);
    for (const [method, url, payload] of [
      ["GET", `/api/visits/${theirs}`],
      ["GET", `/api/visits/${theirs}/history`],
      ["PATCH", `/api/visits/${theirs}`, { place: "Mine now" }],
      ["DELETE", `/api/visits/${theirs}`],
    ] as const) {
      const res = await call(t, users.AGENT, { method, url, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, errorMessage: "You may only reach your own visits" });
    }
    expect((await call(t, users.ADMIN, { method: "GET", url: `/api/visits/${theirs}` })).statusCode).toBe(200);
  });

  it("makes the creator a visit's owner", async () => {
    const created = await call(t, users.AGENT, { method: "POST", url: "/api/visits", payload: { place: "Motijheel" } });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/visits/${created.json().id}`;
    expect((await call(t, users.AGENT, { method: "PATCH", url, payload: { notes: "Met the employer" } })).json()).toMatchObject({ notes: "Met the employer" });
    expect((await call(t, otherAgent, { method: "GET", url })).statusCode).toBe(403);
  });

  it("gives an agent's task to the agent, and refuses to give it to someone else", async () => {
    const own = await call(t, users.AGENT, { method: "POST", url: "/api/tasks", payload: { title: "Call the embassy" } });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ assigneeId: users.AGENT.id });
    const forOther = await call(t, users.AGENT, { method: "POST", url: "/api/tasks", payload: { title: "Not mine", assigneeId: otherAgent.id } });
    expect(forOther.statusCode).toBe(403);
    const handOver = await call(t, users.AGENT, { method: "PATCH", url: `/api/tasks/${own.json().id}`, payload: { assigneeId: otherAgent.id } });
    expect(handOver.statusCode).toBe(403);
    const bySuperAdmin = await call(t, users.SUPER_ADMIN, { method: "POST", url: "/api/tasks", payload: { title: "For agent two", assigneeId: otherAgent.id } });
    expect(bySuperAdmin.json()).toMatchObject({ assigneeId: otherAgent.id });
    const agentTasks = await call(t, users.AGENT, { method: "GET", url: "/api/tasks" });
    expect(agentTasks.json().map((r: { assigneeId: number }) => r.assigneeId)).toEqual([users.AGENT.id]);
  });

  const routes = OWN.flatMap((resource) => declaredRoutes(resource).map((route) => [`${route.method} ${route.url}`, resource, route] as const));
  it.each(routes)("%s answers each caller as the declaration grants", async (_name, resource, route) => {
    expect(t.app.routeTable.find((r) => r.method === route.method && r.url === route.url)?.access).toEqual(ROLES.filter((role) => cellOf(resource, route.actions, role) !== "no"));
    const request = async (user: TestUser | undefined, owner: TestUser) => {
      const id = await insert(resource, owner);
      if (route.kind === "import") {
        // A file of one record, which the importer may own.
        const form = await multipart(undefined, { file: { bytes: Buffer.from(`Title,Place\nA task,Somewhere\n`), fileName: "one.csv", contentType: "text/csv" } });
        return call(t, user, { method: route.method, url: `${route.url}?dryRun=false`, payload: form.payload, headers: form.headers });
      }
      const payload = route.method === "POST" || route.method === "PATCH" ? { title: "A task", place: "Somewhere", assigneeId: owner.id } : undefined;
      return call(t, user, { method: route.method, url: fillPath(route.url, { id }), payload });
    };
    expect((await request(undefined, users.AGENT)).statusCode).toBe(401);
    for (const role of ROLES) {
      const cell = cellOf(resource, route.actions, role);
      const user = users[role];
      const res = await request(user, user);
      if (cell === "no") {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        continue;
      }
      expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(300);
      // A record's own routes; lists, creates and imports reach no one else's record to refuse.
      if (cell === "own" && route.url.includes(":id")) {
        expect((await request(user, otherAgent)).statusCode, `${role}, another's record`).toBe(403);
      }
    }
  });
});

/**
 * The whole path of a declaration, as the README's recipe goes: declare a resource (nations), let the
 * migration generator write its migration (into a temporary folder, never server/db/migrations), start
 * the real server with it on SQLite and PostgreSQL and drive it over HTTP. Then change the declaration
 * (two more fields), generate the migration that adds them, and start again on the same database.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateMigration } from "../../server/db/generate/migration-file";
import { DECLARED_RESOURCES } from "../../src/resources/declared";
import { slotNumbers } from "../../src/resources/slot-numbers";
import { type AnyDataResource, defineResource, field } from "../../src/resources/model";
import { createTestDatabase, createUser, DIALECTS, openTestApp, type TestApp, type TestUser, testConfig } from "./harness";

const nations = defineResource({
  name: "nations",
  label: { one: "Country", many: "Nations" },
  title: "name",
  defaultSort: { field: "name", order: "asc" },
  fields: {
    name: field.text("Name", { required: true, searchable: true }),
    code: field.text("Code", { required: true, unique: true, pattern: "[A-Za-z]{2}", messages: { unique: "Code {value} is taken", pattern: "Two letters" } }),
  },
  access: { list: ["ADMIN", "SUPER_ADMIN"], show: ["ADMIN", "SUPER_ADMIN"], create: ["ADMIN"], update: ["ADMIN"], delete: ["ADMIN"] },
});

/** The same declaration a release later: a capital and a population. */
const nationsLater: AnyDataResource = {
  ...nations,
  fields: { ...nations.fields, capital: field.text("Capital", { searchable: true, filterable: true }), population: field.number("Population", { min: 0 }) },
};

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "nations-migrations-"));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

let first: { folder: string; file: string };
let later: { folder: string; file: string; summary: string[] };

beforeAll(async () => {
  const folder = tempFolder();
  const created = await generateMigration({ resource: nations, resources: [...DECLARED_RESOURCES, nations], outputFolder: folder, extraFolders: [folder] });
  first = { folder, file: created.file! };
  // The later release's folder holds the first migration (already run) and the one the change needs.
  const laterFolder = tempFolder();
  copyFileSync(first.file, join(laterFolder, basename(first.file)));
  const added = await generateMigration({ resource: nationsLater, resources: [...DECLARED_RESOURCES, nationsLater], outputFolder: laterFolder, extraFolders: [laterFolder] });
  later = { folder: laterFolder, file: added.file!, summary: added.summary };
});

describe("the migration generator", () => {
  it("writes the table, numbered after the last migration, importing nothing but kysely", () => {
    expect(basename(first.file)).toMatch(/^\d{4}_nations\.ts$/);
    const source = readFileSync(first.file, "utf8");
    expect(ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName)).toEqual(["kysely"]);
    expect(source).toContain("create table nations (\n    id integer primary key autoincrement,\n    name text not null,\n    code text not null,");
    expect(source).toContain("create unique index nations_code_key on nations (lower(code))");
    expect(source).toContain("create index nations_name_trgm on nations using gin (lower(name) gin_trgm_ops)");
  });

  it("writes only what a changed declaration adds, in a migration of its own", () => {
    expect(Number(basename(later.file).slice(0, 4))).toBe(Number(basename(first.file).slice(0, 4)) + 1);
    expect(basename(later.file)).toMatch(/_nations_add_capital_population\.ts$/);
    expect(later.summary).toEqual([
      "alter table nations add column capital text",
      "alter table nations add column population integer",
      "create index nations_capital_idx on nations (capital, id)",
      "create index nations_population_idx on nations (population, id)",
      "create extension if not exists pg_trgm (PostgreSQL)",
      "create index nations_capital_idx on nations (capital nulls first, id) (PostgreSQL)",
      "create index nations_capital_trgm on nations using gin (lower(capital) gin_trgm_ops) (PostgreSQL)",
      "create index nations_population_idx on nations (population nulls first, id) (PostgreSQL)",
    ]);
  });

  it("knows a hand-written migration's table and indexes, whatever their names (slots)", async () => {
    const result = await generateMigration({ resource: slotNumbers, resources: DECLARED_RESOURCES, outputFolder: tempFolder() });
    expect(result).toEqual({ summary: ["slots is as declared already: nothing to write"], warnings: [] });
  });

  it("writes nothing when the table is as declared", async () => {
    const result = await generateMigration({ resource: nationsLater, resources: [...DECLARED_RESOURCES, nationsLater], outputFolder: later.folder, extraFolders: [later.folder] });
    expect(result).toEqual({ summary: ["nations is as declared already: nothing to write"], warnings: [] });
  });
});

describe.each(DIALECTS)("a declared resource served over HTTP on %s", (dialect) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let agent: TestUser;

  const start = async (resource: AnyDataResource, folder: string) => {
    t = await openTestApp(dialect, testConfig(database.url, { declaredResources: [...DECLARED_RESOURCES, resource], extraMigrationFolders: [folder] }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  };
  const http = async (user: TestUser | undefined, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, total: res.headers.get("x-total-count"), json: await res.json() };
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await start(nations, first.folder);
    admin = await createUser(t, "nations.admin", ["ADMIN"]);
    agent = await createUser(t, "nations.agent", ["AGENT"]);
  });
  afterAll(async () => {
    await t?.app.close();
    await database.drop();
  });

  it("creates, lists, searches, sorts, edits and deletes nations, and keeps their history", async () => {
    const bangladesh = await http(admin, "POST", "/api/nations", { name: "Bangladesh", code: "BD" });
    expect(bangladesh.status).toBe(201);
    expect(bangladesh.json).toMatchObject({ id: expect.any(Number), name: "Bangladesh", code: "BD", createdAt: expect.any(String) });
    await http(admin, "POST", "/api/nations", { name: "Saudi Arabia", code: "SA" });
    const qatar = (await http(admin, "POST", "/api/nations", { name: "Qatar", code: "qa" })).json;

    expect(await http(admin, "POST", "/api/nations", { name: "Bangla", code: "bd" })).toMatchObject({ status: 409, json: { errorMessage: "Code bd is taken", errors: { code: "Code bd is taken" } } });
    expect(await http(admin, "POST", "/api/nations", { name: "Nowhere", code: "N0" })).toMatchObject({ status: 400, json: { errors: { code: "Two letters" } } });

    const all = await http(admin, "GET", "/api/nations");
    expect(all.json.map((c: { name: string }) => c.name)).toEqual(["Bangladesh", "Qatar", "Saudi Arabia"]); // the declared default order
    expect(all.total).toBe("3");
    const found = await http(admin, "GET", "/api/nations?q=AR&_sort=name&_order=desc");
    expect(found.json.map((c: { name: string }) => c.name)).toEqual(["Saudi Arabia", "Qatar"]);
    expect(found.total).toBe("2");

    const renamed = await http(admin, "PATCH", `/api/nations/${bangladesh.json.id}`, { name: "People's Republic of Bangladesh" });
    expect(renamed).toMatchObject({ status: 200, json: { name: "People's Republic of Bangladesh", code: "BD" } });
    expect(await http(admin, "DELETE", `/api/nations/${qatar.id}`)).toMatchObject({ status: 200, json: { name: "Qatar" } });
    expect((await http(admin, "GET", `/api/nations/${qatar.id}`)).status).toBe(404);

    const history = await http(admin, "GET", `/api/nations/${bangladesh.json.id}/history`);
    expect(history.json).toMatchObject([
      { action: "updated", user: { username: "nations.admin" }, changes: [{ field: "name", label: "Name", from: "Bangladesh", to: "People's Republic of Bangladesh" }] },
      { action: "created", changes: [{ field: "name", to: "Bangladesh" }, { field: "code", to: "BD" }] },
    ]);
  });

  it("refuses an agent (403) and an anonymous caller (401)", async () => {
    expect((await http(agent, "GET", "/api/nations")).status).toBe(403);
    expect((await http(agent, "POST", "/api/nations", { name: "X", code: "XX" })).status).toBe(403);
    expect((await http(undefined, "GET", "/api/nations")).status).toBe(401);
  });

  it("documents its routes in /api/openapi.json", async () => {
    const { json } = await http(undefined, "GET", "/api/openapi.json");
    expect(Object.keys(json.paths["/api/nations"])).toEqual(["get", "post"]);
    expect(Object.keys(json.paths["/api/nations/{id}"])).toEqual(["get", "patch", "delete"]);
    expect(json.paths["/api/nations/{id}/history"].get.tags).toEqual(["Nations"]);
  });

  it("adds a changed declaration's fields with its new migration, the records kept", async () => {
    await t.app.close();
    await start(nationsLater, later.folder);
    const [bangladesh, saudi] = (await http(admin, "GET", "/api/nations?_sort=code&_order=asc")).json;
    expect(bangladesh).toMatchObject({ code: "BD", capital: null, population: null });
    expect(saudi).toMatchObject({ code: "SA", capital: null });
    expect(await http(admin, "PATCH", `/api/nations/${bangladesh.id}`, { capital: "Dhaka", population: 171_000_000 })).toMatchObject({ status: 200, json: { capital: "Dhaka", population: 171_000_000 } });
    expect((await http(admin, "GET", "/api/nations?capital=DHAKA")).json.map((c: { code: string }) => c.code)).toEqual(["BD"]);
    expect((await http(admin, "GET", "/api/nations?q=dhak")).json.map((c: { code: string }) => c.code)).toEqual(["BD"]);
  });
});

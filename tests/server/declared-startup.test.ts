/**
 * Declarations the server cannot serve stop it at start with a message naming the problem: paths that
 * collide with existing routes or with another declaration, and declarations that name what is not
 * there.
 */
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { DECLARED_RESOURCES } from "../../src/resources/declared";
import { type AnyDataResource, defineResource, field } from "../../src/resources/model";
import { createTestDatabase, testConfig } from "./harness";

const declare = (name: string, extra: Partial<AnyDataResource> = {}): AnyDataResource => ({
  ...defineResource({
    name,
    label: { one: "Thing", many: "Things" },
    title: "name",
    fields: { name: field.text("Name", { required: true }) },
    access: { list: ["ADMIN"], show: ["ADMIN"], create: ["ADMIN"], update: ["ADMIN"], delete: ["ADMIN"] },
  }),
  ...extra,
});

const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

async function startWith(resources: readonly AnyDataResource[]): Promise<string> {
  const database = await createTestDatabase("sqlite");
  databases.push(database);
  try {
    const { app } = await buildApp(testConfig(database.url, { declaredResources: resources }));
    await app.close();
    return "started";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("declarations the server refuses at start", () => {
  it("starts with the real declarations", async () => {
    expect(await startWith(DECLARED_RESOURCES)).toBe("started");
  });

  it("names a resource whose paths would take an existing route's, and the route", async () => {
    const message = await startWith([...DECLARED_RESOURCES, declare("passport")]);
    expect(message).toContain('Declared resource "passport" collides with an existing route: GET /api/passport/:id');
    expect(message).toContain('Declared resource "passport" would answer /api/passport and the paths under it, which are taken: ');
    expect(message).toContain("GET /api/passport/get-pending-passports");
  });

  it("names a resource whose paths hold an existing route, whatever the method", async () => {
    expect(await startWith([declare("admin")])).toContain(
      'Declared resource "admin" would answer /api/admin and the paths under it, which are taken: POST /api/admin/assign-role/user/:userId',
    );
  });

  it("names two declarations of one name", async () => {
    const message = await startWith([...DECLARED_RESOURCES, declare("employers", { table: "employers_again" })]);
    expect(message).toContain('Two declared resources are named "employers"');
  });

  it("names two declarations answering one path", async () => {
    const copy = declare("copies", {
      legacy: {
        dialect: "envelope",
        paths: { list: "/api/things-list", create: "/api/things-add", update: "/api/things/:id", delete: "/api/things/:id" },
        messages: { created: "Added", updated: "Updated", deleted: "Deleted" },
      },
    });
    expect(await startWith([declare("things"), copy])).toContain('Declared resource "things" would answer /api/things and the paths under it, which are taken: PUT /api/things/:id, DELETE /api/things/:id');
    expect(await startWith([declare("things"), declare("more-things", { legacy: { ...copy.legacy!, paths: { ...copy.legacy!.paths, delete: "/api/copies/:id" } } }), declare("copies")])).toContain(
      'Declared resources "more-things" and "copies" both answer DELETE /api/copies/:id',
    );
  });

  it("names two declarations that would share a table", async () => {
    expect(await startWith([...DECLARED_RESOURCES, declare("firms", { table: "employers" })])).toContain("Two declared resources use the table employers");
  });

  it("names a legacy declaration whose fixed path an existing route answers", async () => {
    const legacy = declare("slot-copies", {
      legacy: {
        dialect: "envelope",
        paths: { list: "/slot/get-all-slots", create: "/slot/add-copy", update: "/slot/update-copy/:id", delete: "/slot/delete-copy/:id" },
        messages: { created: "Added", updated: "Updated", deleted: "Deleted" },
      },
      systemColumns: false,
    });
    // Slots may themselves be served by a declaration: the clash is found whichever serves them.
    expect(await startWith([...DECLARED_RESOURCES, legacy])).toMatch(/"slot-copies".* GET \/slot\/get-all-slots/);
  });

  it.each([
    ["a name that is no path segment", declare("Bad_Name"), 'Declared resource "Bad_Name": its name must be lower-case words joined by "-"'],
    ["a title that is no field", declare("things", { title: "nope" }), 'Declared resource "things": its title "nope" is not one of its fields'],
    [
      "a reference to nothing declared",
      declare("things", { fields: { name: field.text("Name"), ownerId: field.reference("Owner", "owners") } }),
      'Declared resource "things": the field "ownerId" refers to "owners", which is not declared',
    ],
    [
      "an owner field that is no reference to users",
      declare("things", { ownerField: "name" }),
      'Declared resource "things": its ownerField "name" must be a reference to users',
    ],
    [
      "own grants without an owner",
      declare("things", { systemColumns: false, access: { list: ["AGENT:own"] } }),
      'Declared resource "things": its ":own" grants need an ownerField or the system columns (created_by)',
    ],
  ])("names %s", async (_what, resource, problem) => {
    const message = await startWith([...DECLARED_RESOURCES, resource]);
    expect(message).toContain("The declared resources cannot be served:");
    expect(message).toContain(problem);
  });
});

/**
 * Slots are a declared resource served on the spec's paths (src/resources/slot-numbers.ts): what the
 * declaration adds to slots.test.ts's contract, which is unchanged: each change is in the history,
 * two adds of one name at once leave one, and the routes are documented.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../server/db/schema";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

describe.each(DIALECTS)("slots as a declared resource on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "slots.admin", ["ADMIN"]);
  });
  afterAll(() => t.close());

  it("records each add, rename and delete in the history, with who made it", async () => {
    const { id } = (await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "H-1" } })).json().replyMessage;
    await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${id}`, payload: { slotName: "H-2" } });
    await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${id}`, payload: { slotName: "H-2" } }); // unchanged: nothing recorded
    await call(t, admin, { method: "DELETE", url: `/slot/delete-slot-by-id/${id}` });
    const rows = await (t.db as Kysely<DB>).selectFrom("record_history").selectAll().where("resource", "=", "slots").where("record_id", "=", id).orderBy("id").execute();
    expect(rows.map((r) => [r.action, JSON.parse(r.changes), r.user_id, r.username])).toEqual([
      ["created", [{ field: "slotName", from: null, to: "H-1" }], admin.id, "slots.admin"],
      ["updated", [{ field: "slotName", from: "H-1", to: "H-2" }], admin.id, "slots.admin"],
      ["deleted", [{ field: "slotName", from: "H-2", to: null }], admin.id, "slots.admin"],
    ]);
  });

  it("lets one of several adds of one name at once through, whatever its case, the others 409 with the spec's message", async () => {
    const adds = await Promise.all(["Race-S", "race-s", "RACE-S", "Race-s"].map((slotName) => call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName } })));
    expect(adds.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of adds.filter((a) => a.statusCode === 409)) expect(refused.json().errorMessage).toMatch(/^Slot (Race-S|race-s|RACE-S|Race-s) already exists$/);
  });

  it("documents the slot routes with their envelope", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths["/slot/update-slot-by-id/{id}"])).toEqual(["put"]);
    expect(doc.paths["/slot/get-all-slots"].get.responses["200"].content["application/json"].schema.properties.replyMessage.items.properties).toMatchObject({
      id: { type: "integer" },
      slotName: { type: "string" },
    });
  });
});

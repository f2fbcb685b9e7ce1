import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/contract";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

describe.each(DIALECTS)("slots on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
  });
  afterAll(() => t.close());

  const slotNames = async () => (await t.db.selectFrom("slots").select("slot_name").orderBy("id").execute()).map((r) => r.slot_name);

  it("adds, lists, renames and deletes a slot", async () => {
    const added = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "  S-101 " } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ success: true, message: "Slot Added Successfully!", replyMessage: { slotName: "S-101" } });
    const id = added.json().replyMessage.id;

    const renamed = await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${id}`, payload: { slotName: "S-102" } });
    expect(renamed.json()).toMatchObject({ success: true, replyMessage: { id, slotName: "S-102" } });

    const list = await call(t, superAdmin, { method: "GET", url: "/slot/get-all-slots" });
    expect(list.json().replyMessage).toEqual([{ id, slotName: "S-102" }]);

    const deleted = await call(t, admin, { method: "DELETE", url: `/slot/delete-slot-by-id/${id}` });
    expect(deleted.json()).toMatchObject({ success: true, message: "Slot Deleted Successfully!" });
    const after = await call(t, admin, { method: "GET", url: "/slot/get-all-slots" });
    expect(after.json().replyMessage).toEqual([]);
  });

  it.each(["", "   "])("refuses the slot name %j with the spec's message", async (slotName) => {
    const res = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorMessage: MSG.slotName, errors: { slotName: MSG.slotName } });
  });

  it("refuses a duplicate name whatever its case with 409", async () => {
    await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "Dup-1" } });
    const res = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "dup-1" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().success).toBe(false);
  });

  it("answers 404 for an unknown slot id and 400 for a malformed one", async () => {
    const before = await slotNames();
    const deleted = await call(t, admin, { method: "DELETE", url: "/slot/delete-slot-by-id/99999" });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ success: false, errorMessage: "Slot not found" });
    const updated = await call(t, admin, { method: "PUT", url: "/slot/update-slot-by-id/99999", payload: { slotName: "Nowhere-1" } });
    expect(updated.statusCode).toBe(404);
    expect(updated.json()).toMatchObject({ success: false, errorMessage: "Slot not found" });
    expect((await call(t, admin, { method: "PUT", url: "/slot/update-slot-by-id/abc", payload: { slotName: "x" } })).statusCode).toBe(400);
    expect(await slotNames()).toEqual(before);
  });

  it("refuses to delete a slot that passports use, saying how many, and keeps it", async () => {
    const agent = await createUser(t, "agent1", ["AGENT"]);
    const slot = await createSlot(t, "Busy-1");
    await insertPassport(t, { agentId: agent.id, slotId: slot.id });
    await insertPassport(t, { agentId: agent.id, slotId: slot.id });
    const res = await call(t, admin, { method: "DELETE", url: `/slot/delete-slot-by-id/${slot.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      errorMessage: "Slot Busy-1 is used by 2 passport(s); move them to another slot before deleting it",
    });
    const list = await call(t, admin, { method: "GET", url: "/slot/get-all-slots" });
    expect(list.json().replyMessage).toContainEqual({ id: slot.id, slotName: "Busy-1" });
  });

  it("refuses to rename a slot to another slot's name with 409 and changes no name", async () => {
    const first = await createSlot(t, "Rename-A");
    await createSlot(t, "Rename-B");
    const before = await slotNames();
    const res = await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${first.id}`, payload: { slotName: "rename-b" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errorMessage: "Slot rename-b already exists", errors: { slotName: "Slot rename-b already exists" } });
    expect(await slotNames()).toEqual(before);
  });

  it("lets a slot keep its own name in another case", async () => {
    const slot = await createSlot(t, "Case-1");
    const res = await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${slot.id}`, payload: { slotName: "CASE-1" } });
    expect(res.json()).toMatchObject({ success: true, replyMessage: { id: slot.id, slotName: "CASE-1" } });
  });

  it("refuses an empty name on rename with the spec's message", async () => {
    const slot = await createSlot(t, "Named-1");
    const res = await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${slot.id}`, payload: { slotName: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorMessage: MSG.slotName, errors: { slotName: MSG.slotName } });
    expect(await slotNames()).toContain("Named-1");
  });

  it("lets only admins change slots", async () => {
    const res = await call(t, superAdmin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "X" } });
    expect(res.statusCode).toBe(403);
    const anon = await call(t, undefined, { method: "GET", url: "/slot/get-all-slots" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ success: false });
  });
});

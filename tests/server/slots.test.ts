import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("requires a slot name with the spec's message", async () => {
    const res = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "   " } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorMessage: "Enter Slot Number", errors: { slotName: "Enter Slot Number" } });
  });

  it("refuses a duplicate name whatever its case with 409", async () => {
    await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "Dup-1" } });
    const res = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "dup-1" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().success).toBe(false);
  });

  it("answers 404 for an unknown slot id and 400 for a malformed one", async () => {
    expect((await call(t, admin, { method: "DELETE", url: "/slot/delete-slot-by-id/99999" })).statusCode).toBe(404);
    expect((await call(t, admin, { method: "PUT", url: "/slot/update-slot-by-id/abc", payload: { slotName: "x" } })).statusCode).toBe(400);
  });

  it("lets only admins change slots", async () => {
    const res = await call(t, superAdmin, { method: "POST", url: "/slot/add-slot", payload: { slotName: "X" } });
    expect(res.statusCode).toBe(403);
    const anon = await call(t, undefined, { method: "GET", url: "/slot/get-all-slots" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ success: false });
  });
});

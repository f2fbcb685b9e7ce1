/**
 * The passport's file (issue 14): GET /api/passport/{id}, its events and its comment thread, with the
 * access of its attachments (agents their own only).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

describe.each(DIALECTS)("the passport's file on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let slotId: number;
  let id: number;

  const get = (user: TestUser | undefined, url: string) => call(t, user, { method: "GET", url });
  const put = (user: TestUser, url: string, payload?: object) => call(t, user, { method: "PUT", url, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agent = await createUser(t, "agent1", ["AGENT"]);
    otherAgent = await createUser(t, "agent2", ["AGENT"]);
    slotId = (await createSlot(t, "FILE-SLOT")).id;
    id = await insertPassport(t, { agentId: agent.id, agentName: "agent1", slotId, fullName: "Rahim Uddin" });
    // A comment by each role, a review and a milestone, as the screens make them.
    expect((await put(admin, `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "Police clearance missing" })).statusCode).toBe(200);
    expect((await put(admin, `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "Police clearance received" })).statusCode).toBe(200);
    expect((await put(admin, `/api/passport/${id}/review`)).statusCode).toBe(200);
    expect((await put(admin, `/api/passport/${id}/work-permit-approval-status/true`)).statusCode).toBe(200);
    expect((await put(superAdmin, `/api/passport/${id}/comment-by-super-admin`, { commentBySuperAdmin: "Check the employer" })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("answers the passport, with the latest comment of each role and the thread's count", async () => {
    const res = await get(agent, `/api/passport/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().replyMessage).toMatchObject({
      id,
      fullName: "Rahim Uddin",
      isSuperAdminApproved: "REVIEWED",
      isWorkPermitApproved: true,
      commentByAdmin: "Police clearance received",
      commentBySuperAdmin: "Check the employer",
      commentCount: 3,
    });
  });

  it("keeps every comment of every role, oldest first, with its author, role and time", async () => {
    const res = await get(agent, `/api/passport/${id}/comments`);
    expect(res.statusCode).toBe(200);
    const thread = res.json().replyMessage;
    expect(thread.map((c: Record<string, unknown>) => [c.text, c.role, c.userId, c.username])).toEqual([
      ["Police clearance missing", "ADMIN", admin.id, "admin1"],
      ["Police clearance received", "ADMIN", admin.id, "admin1"],
      ["Check the employer", "SUPER_ADMIN", superAdmin.id, "super1"],
    ]);
    const times = thread.map((c: { at: string }) => c.at);
    expect(times.every((at: string) => /^\d{4}-\d{2}-\d{2}T.*Z$/.test(at))).toBe(true);
    expect([...times].sort()).toEqual(times);
  });

  it("answers the timeline: who did what, when, old and new", async () => {
    const res = await get(agent, `/api/passport/${id}/events`);
    expect(res.statusCode).toBe(200);
    const events = res.json().replyMessage as Record<string, unknown>[];
    expect(events.map((e) => [e.kind, e.field, e.oldValue, e.newValue, e.username])).toEqual([
      ["COMMENT", "commentByAdmin", null, "Police clearance missing", "admin1"],
      ["COMMENT", "commentByAdmin", "Police clearance missing", "Police clearance received", "admin1"],
      ["STATUS", "isSuperAdminApproved", "PENDING", "REVIEWED", "admin1"],
      ["MILESTONE", "isWorkPermitApproved", "false", "true", "admin1"],
      ["COMMENT", "commentBySuperAdmin", null, "Check the employer", "super1"],
    ]);
    expect(events.every((e) => typeof e.at === "string" && typeof e.id === "number")).toBe(true);
  });

  it("shows a document by its file name and the creation without its values", async () => {
    const other = await insertPassport(t, { agentId: agent.id, slotId });
    await t.db
      .insertInto("passport_events")
      .values([
        { passport_id: other, user_id: admin.id, at: new Date().toISOString(), kind: "CREATE", field: null, old_value: null, new_value: '{"full_name":"x"}' },
        { passport_id: other, user_id: admin.id, at: new Date().toISOString(), kind: "DOCUMENT", field: "nid", old_value: null, new_value: '{"fileName":"nid.pdf","sha256":"ab"}' },
      ])
      .execute();
    const events = (await get(admin, `/api/passport/${other}/events`)).json().replyMessage as Record<string, unknown>[];
    expect(events.map((e) => [e.kind, e.field, e.newValue])).toEqual([
      ["CREATE", null, null],
      ["DOCUMENT", "nid", "nid.pdf"],
    ]);
  });

  it.each(["", "/events", "/comments"])("GET /api/passport/{id}%s: agents their own only, admins and super admins any; 404 and 400", async (tail) => {
    for (const user of [agent, admin, superAdmin]) expect((await get(user, `/api/passport/${id}${tail}`)).statusCode).toBe(200);
    const refused = await get(otherAgent, `/api/passport/${id}${tail}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, replyMessage: null });
    expect((await get(undefined, `/api/passport/${id}${tail}`)).statusCode).toBe(401);
    expect((await get(admin, `/api/passport/999999${tail}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/passport/abc${tail}`)).statusCode).toBe(400);
  });

  it("names a deleted author as nobody, keeping the comment", async () => {
    const gone = await createUser(t, "leaving-admin", ["ADMIN"]);
    const other = await insertPassport(t, { agentId: agent.id, slotId });
    await put(gone, `/api/passport/${other}/comment-by-admin`, { commentByAdmin: "Left a note" });
    await t.db.deleteFrom("users").where("id", "=", gone.id).execute();
    const thread = (await get(admin, `/api/passport/${other}/comments`)).json().replyMessage;
    expect(thread).toEqual([expect.objectContaining({ text: "Left a note", role: "ADMIN", userId: null, username: null })]);
  });
});

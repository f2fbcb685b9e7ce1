/**
 * Issue 25, points 3 and 4. Everything people type is cleaned by one rule (src/contract/text.ts):
 * NFC, no control characters, no bidi overrides, isolates or marks, no zero-width characters, trimmed;
 * a value left empty is blank and refused with the field's message. JSON bodies and the multipart
 * `data` part refuse `__proto__` and `constructor.prototype` keys.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/contract";
import { createSlot, insertPassport, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";
import { multipart } from "./uploads";

/** Each class of hidden character, around a visible "x" so the cleaned value is known. */
const HIDDEN: [string, string][] = [
  ["C0 controls (BEL, ESC, NUL)", "\u0007\u001B\u0000"],
  ["C1 controls", "\u0085\u009B"],
  ["bidi overrides", "\u202A\u202B\u202C\u202D\u202E"],
  ["bidi isolates", "\u2066\u2067\u2068\u2069"],
  ["bidi marks", "\u200E\u200F\u061C"],
  ["zero-width characters", "\u200B\u200C\u200D\u2060\uFEFF"],
];

let seq = 0;
function userData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++seq;
  return {
    username: `typed_${n}`,
    contactNumber: "01712345678",
    emergencyContactNumber: "01898765432",
    email: `typed${n}@agency.test`,
    password: "secret1",
    address: "Mirpur 10, Dhaka",
    nidNo: "19901234567",
    passportNo: "EB7654321",
    ...overrides,
  };
}

describe.each(DIALECTS)("typed text on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let slotId: number;
  let passportId: number;
  let reviewedId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agent = await createUser(t, "agent1", ["AGENT"]);
    slotId = (await createSlot(t, "T-1")).id;
    passportId = await insertPassport(t, { agentId: agent.id, slotId, status: "PENDING" });
    reviewedId = await insertPassport(t, { agentId: agent.id, slotId, status: "REVIEWED" });
  });
  afterAll(() => t.close());

  describe.each(HIDDEN)("%s", (_name, hidden) => {
    it("are removed from a name tried at sign-in, so the Security Log shows it cleaned", async () => {
      const n = ++seq;
      const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: `${hidden}ghost${hidden}.user${n}${hidden}`, password: "wrong-pass" } });
      expect(res.statusCode, res.body).toBe(401);
      const log = await call(t, superAdmin, { method: "GET", url: "/auth/security-events?kind=SIGN_IN_FAILED&size=1" });
      expect(log.json().replyMessage.content[0].username).toBe(`ghost.user${n}`);
    });

    it("are removed from a comment, and a comment of nothing else is refused", async () => {
      const url = `/api/passport/${passportId}/comment-by-admin`;
      const saved = await call(t, admin, { method: "PUT", url, payload: { commentByAdmin: `${hidden}Looks${hidden} fine${hidden}` } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().replyMessage.commentByAdmin).toBe("Looks fine");
      const blank = await call(t, admin, { method: "PUT", url, payload: { commentByAdmin: ` ${hidden} ` } });
      expect(blank.statusCode, blank.body).toBe(400);
      expect(blank.json()).toMatchObject({ success: false, errorMessage: MSG.commentRequired, errors: { commentByAdmin: MSG.commentRequired } });
      const superBlank = await call(t, superAdmin, { method: "PUT", url: `/api/passport/${reviewedId}/comment-by-super-admin`, payload: { commentBySuperAdmin: hidden } });
      expect(superBlank.statusCode).toBe(400);
      expect(superBlank.json().errors).toEqual({ commentBySuperAdmin: MSG.commentRequired });
    });

    it("are removed from a user's address, and an address of nothing else is refused", async () => {
      const form = await multipart(userData({ address: `Mirpur${hidden} 10${hidden}` }));
      const created = await call(t, superAdmin, { method: "POST", url: "/auth/signup", ...form });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().replyMessage.id;
      const stored = await t.db.selectFrom("users").select("address").where("id", "=", id).executeTakeFirstOrThrow();
      expect(stored.address).toBe("Mirpur 10");
      const { password: _p, ...update } = userData({ address: hidden });
      const refused = await call(t, superAdmin, { method: "PUT", url: `/auth/update-user/${id}`, ...(await multipart(update)) });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ address: MSG.address });
    });

    it("are removed from a slot name, and a name of nothing else is refused", async () => {
      const created = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: `${hidden}S-${hidden}${++seq}` } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().replyMessage.slotName).toBe(`S-${seq}`);
      const blank = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: hidden } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual({ slotName: MSG.slotName });
    });
  });

  it("shows names stored before the rule cleaned in the Security Log, so none poses as another", async () => {
    await t.db
      .insertInto("security_events")
      .values({ at: new Date().toISOString(), kind: "SIGN_IN_FAILED", user_id: null, username: "\u202Enimdarepus", actor_id: null, actor_username: null, ip_address: null, user_agent: null, session_id: null, details: "Unknown username" })
      .execute();
    const log = await call(t, superAdmin, { method: "GET", url: "/auth/security-events?kind=SIGN_IN_FAILED&size=1" });
    expect(log.json().replyMessage.content[0].username).toBe("nimdarepus");
  });

  it("normalises to NFC, so a name typed decomposed is stored composed", async () => {
    const decomposed = "Cafe\u0301 Rahman";
    const res = await call(t, admin, { method: "PUT", url: `/api/passport/${passportId}/comment-by-admin`, payload: { commentByAdmin: decomposed } });
    expect(res.json().replyMessage.commentByAdmin).toBe("Café Rahman");
  });

  it("keeps Bengali's joiners inside a word and a comment's line breaks", async () => {
    const word = "র\u200D্য ক্\u200Cষ";
    const res = await call(t, admin, { method: "PUT", url: `/api/passport/${passportId}/comment-by-admin`, payload: { commentByAdmin: `${word}\r\nline two` } });
    expect(res.json().replyMessage.commentByAdmin).toBe(`${word}\nline two`);
  });

  it("signs in with a name whose hidden characters are cleaned away", async () => {
    const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "\u202Eagent1\u200B", password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
  });

  describe("prototype keys", () => {
    it.each([
      ['{"__proto__": {"isAdmin": true}, "slotName": "P-1"}'],
      ['{"constructor": {"prototype": {"isAdmin": true}}, "slotName": "P-2"}'],
      ['{"slotName": "P-3", "nested": {"__proto__": {"x": 1}}}'],
    ])("are refused in a JSON body: %s", async (payload) => {
      const res = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload, headers: { "content-type": "application/json" } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorMessage: "The JSON must not hold __proto__ or constructor.prototype keys" });
      expect(await t.db.selectFrom("slots").select("id").where("slot_name", "like", "P-%").execute()).toEqual([]);
    });

    it.each([['"__proto__": {"polluted": true}'], ['"constructor": {"prototype": {"polluted": true}}']])("are refused in the multipart data part: %s", async (key) => {
      const data = `{${key}, ${JSON.stringify(validPassportData(agent.id, "T-1")).slice(1)}`;
      const res = await call(t, admin, { method: "POST", url: "/api/passport/add", ...(await multipart(data)) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errorMessage: "The JSON must not hold __proto__ or constructor.prototype keys", errors: { data: expect.any(String) } });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});

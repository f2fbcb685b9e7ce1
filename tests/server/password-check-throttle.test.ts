/**
 * Issue 25, point 2: wrong current passwords at change-password are limited like sign-ins. After
 * SIGN_IN_MAX_FAILURES (5) within the window for one account, every attempt answers 429 with
 * Retry-After without checking the password, even the right one; the count is kept in the database
 * (two app instances on one database share it), logged, and started afresh by a successful change.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { MSG } from "../../src/contract";
import { cheapUser, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from "./harness";

const LOCKED = /^Too many wrong current passwords\. Please try again in 15 minutes\.$/;

describe.each(DIALECTS)("change-password throttle on %s", (dialect) => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(dialect, { accessTokenTtlSeconds: 24 * 3600 });
    other = (await buildApp(t.config)).app;
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /** A new account with a cheap hash, signed in; its token. */
  async function signedIn(username: string): Promise<string> {
    await cheapUser(t, username);
    const user = await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
    const role = await t.db.selectFrom("roles").select("id").where("name", "=", "AGENT").executeTakeFirstOrThrow();
    await t.db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
    const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().replyMessage.token;
  }
  const change = (token: string, currentPassword: string, newPassword = "brand-new-1", app: FastifyInstance = t.app) =>
    app.inject({ method: "PUT", url: "/auth/change-password", headers: { authorization: `Bearer ${token}` }, payload: { currentPassword, newPassword } });

  it("refuses the sixth attempt with 429 and Retry-After, even with the right password, and logs the lock", async () => {
    const token = await signedIn("guessed1");
    for (let i = 0; i < 5; i++) {
      const res = await change(token, `wrong-${i}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ currentPassword: MSG.wrongCurrentPassword });
    }
    const refused = await change(token, TEST_PASSWORD);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: expect.stringMatching(LOCKED) });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
    // Refused whatever is sent, a body that is not even valid included.
    expect((await t.app.inject({ method: "PUT", url: "/auth/change-password", headers: { authorization: `Bearer ${token}` }, payload: {} })).statusCode).toBe(429);

    const again = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "guessed1", password: TEST_PASSWORD } });
    expect(again.statusCode, "the password was not changed").toBe(200);
    const events = await t.db.selectFrom("security_events").select(["kind", "details"]).where("username", "=", "guessed1").orderBy("id").execute();
    expect(events.filter((e) => e.kind === "PASSWORD_CHANGE_FAILED")).toHaveLength(5);
    expect(events.filter((e) => e.kind === "PASSWORD_CHANGE_LOCKED")).toEqual([
      { kind: "PASSWORD_CHANGE_LOCKED", details: "5 wrong current passwords; password changes are refused for up to 15 minutes" },
    ]);
  });

  it("counts the failures of one account across two app instances on one database", async () => {
    const token = await signedIn("guessed2");
    for (let i = 0; i < 5; i++) expect((await change(token, `wrong-${i}`, "brand-new-1", i % 2 ? other : t.app)).statusCode).toBe(400);
    expect((await change(token, TEST_PASSWORD, "brand-new-1", other)).statusCode).toBe(429);
    expect((await change(token, TEST_PASSWORD, "brand-new-1", t.app)).statusCode).toBe(429);
  });

  it("starts the count afresh after a successful change", async () => {
    const token = await signedIn("guessed3");
    for (let i = 0; i < 4; i++) expect((await change(token, `wrong-${i}`)).statusCode).toBe(400);
    expect((await change(token, TEST_PASSWORD, "brand-new-1")).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await change(token, `wrong-again-${i}`, "brand-new-2")).statusCode).toBe(400);
    expect((await change(token, "brand-new-1", "brand-new-2")).statusCode).toBe(429);
  });

  it("does not count a request refused before any password was checked", async () => {
    const token = await signedIn("guessed4");
    for (let i = 0; i < 8; i++) expect((await change(token, TEST_PASSWORD, "short")).statusCode).toBe(400);
    expect((await change(token, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("keeps each account's count to itself", async () => {
    const locked = await signedIn("guessed5");
    const bystander = await signedIn("bystander5");
    for (let i = 0; i < 5; i++) await change(locked, `wrong-${i}`);
    expect((await change(locked, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await change(bystander, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

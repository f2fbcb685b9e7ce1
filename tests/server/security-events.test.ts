/**
 * The security log (issue 11, point 10): what is recorded (who, when, address, kind, details) and
 * GET /auth/security-events, paged newest first and filtered by user and kind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SecurityEvents } from "../../server/security/events";
import type { SecurityEvent } from "../../src/contract";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";

const COOKIE = "refresh_token";
const UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

describe.each(DIALECTS)("security log on %s", (dialect) => {
  let t: TestApp;
  let chief: TestUser;
  let agent: TestUser;
  let offsetMs = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => Date.now() + offsetMs, accessTokenTtlSeconds: 24 * 3600 });
    chief = await createUser(t, "chief", ["SUPER_ADMIN"]);
    agent = await createUser(t, "Rahim.Agent", ["AGENT"]);
  });
  afterAll(() => t.close());

  const login = (username: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: "POST", url: "/auth/login", headers: { "user-agent": UA }, payload: { username, password } });

  async function log(query = ""): Promise<{ content: SecurityEvent[]; totalElements: number }> {
    const res = await call(t, chief, { method: "GET", url: `/auth/security-events${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().replyMessage;
  }
  const newest = async (kind: string) => (await log(`?kind=${kind}&size=1`)).content[0];

  it("records sign-ins that succeed and fail, with the name tried, the address and the browser", async () => {
    const before = Date.now() + offsetMs;
    expect((await login("rahim.agent")).statusCode).toBe(200);
    expect((await login("Rahim.Agent", "wrong-password")).statusCode).toBe(401);
    expect((await login("nobody.here")).statusCode).toBe(401);

    const { content } = await log("?size=3");
    expect(content.map((e) => [e.kind, e.username, e.userId, e.details])).toEqual([
      ["SIGN_IN_FAILED", "nobody.here", null, "Unknown username"],
      ["SIGN_IN_FAILED", "Rahim.Agent", agent.id, "Wrong password"],
      ["SIGN_IN_SUCCEEDED", "Rahim.Agent", agent.id, null],
    ]);
    for (const event of content) {
      expect(event).toMatchObject({ ipAddress: "127.0.0.1", browser: "Safari 17 on macOS", actorUsername: null });
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it("records sign-out, a super admin's revocation, disabling and enabling with who did it", async () => {
    const res = await login(agent.username);
    const cookie = res.cookies.find((c) => c.name === COOKIE)!.value;
    await t.app.inject({ method: "POST", url: "/auth/logout", cookies: { [COOKIE]: cookie } });
    expect(await newest("SESSION_ENDED")).toMatchObject({ username: agent.username, details: "Signed out" });

    await call(t, chief, { method: "POST", url: `/auth/revoke-sessions/${agent.id}` });
    expect(await newest("SESSIONS_REVOKED")).toMatchObject({ username: agent.username, actorUsername: "chief", details: expect.stringMatching(/^\d+ sessions? ended$/) });

    await call(t, chief, { method: "PUT", url: `/auth/set-user-enabled/${agent.id}/false` });
    expect(await newest("ACCOUNT_DISABLED")).toMatchObject({ userId: agent.id, actorUsername: "chief" });
    expect((await login(agent.username)).statusCode).toBe(403);
    expect(await newest("SIGN_IN_FAILED")).toMatchObject({ username: agent.username, details: "Account disabled" });
    await call(t, chief, { method: "PUT", url: `/auth/set-user-enabled/${agent.id}/true` });
    expect(await newest("ACCOUNT_ENABLED")).toMatchObject({ userId: agent.id, actorUsername: "chief" });
  });

  it("records password changes, failed ones included, and sessions ended for idleness", async () => {
    const user = await createUser(t, "changer", ["AGENT"]);
    const change = (currentPassword: string) =>
      call(t, user, { method: "PUT", url: "/auth/change-password", payload: { currentPassword, newPassword: "another-1" } });
    expect((await change("not-it")).statusCode).toBe(400);
    expect(await newest("PASSWORD_CHANGE_FAILED")).toMatchObject({ username: "changer", details: "Wrong current password" });
    expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
    expect(await newest("PASSWORD_CHANGED")).toMatchObject({ username: "changer", details: "0 sessions signed out" });

    offsetMs += 31 * 60_000;
    expect((await call(t, user, { method: "GET", url: "/auth/sessions" })).statusCode).toBe(401);
    // The super admin's session went idle too; they sign in again.
    chief = { ...chief, token: (await login("chief")).json().replyMessage.token };
    expect(await newest("SESSION_ENDED")).toMatchObject({ username: "changer", details: "No request for 31 min" });
  });

  it("takes a lockout (or any event) in one call, finding the account by its name", async () => {
    const events = new SecurityEvents(t.db, () => Date.now() + offsetMs);
    await events.record({ kind: "ACCOUNT_LOCKED", user: { username: "RAHIM.AGENT" }, details: "5 failed sign-ins in 15 minutes" });
    expect(await newest("ACCOUNT_LOCKED")).toMatchObject({ userId: agent.id, username: "RAHIM.AGENT", ipAddress: null, details: "5 failed sign-ins in 15 minutes" });
  });

  it("pages newest first and filters by user (any case) and by kind", async () => {
    const all = await log("?size=100");
    expect(all.totalElements).toBe(all.content.length);
    const ids = all.content.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = await log("?page=1&size=2");
    expect(second.content.map((e) => e.id)).toEqual(ids.slice(2, 4));
    expect(second.totalElements).toBe(all.totalElements);

    const mine = await log("?username=rahim.AGENT&size=100");
    expect(mine.content.length).toBeGreaterThan(3);
    expect(new Set(mine.content.map((e) => e.username?.toLowerCase()))).toEqual(new Set(["rahim.agent"]));
    const failures = await log("?username=Rahim.Agent&kind=SIGN_IN_FAILED");
    expect(failures.content.map((e) => e.details)).toEqual(["Account disabled", "Wrong password"]);

    const bad = await call(t, chief, { method: "GET", url: "/auth/security-events?kind=SOMETHING" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ kind: "Unknown kind" });
  });

  it("keeps the events of a deleted account under its name", async () => {
    const gone = await createUser(t, "leaving", ["AGENT"]);
    expect((await call(t, chief, { method: "DELETE", url: `/auth/delete-user/${gone.id}` })).statusCode).toBe(200);
    const events = (await log("?username=leaving")).content;
    expect(events.map((e) => e.kind)).toEqual(["SESSIONS_REVOKED", "SIGN_IN_SUCCEEDED"]);
    expect(events[0]).toMatchObject({ userId: null, username: "leaving", actorUsername: "chief", details: "Account deleted; 1 session ended" });
  });
});

/**
 * Sessions (issue 11, points 4 to 6): two tabs refreshing at once over real HTTP, revocation on every
 * node within 5 s, disabled accounts, password changes, the session endpoints, and the idle and
 * maximum session lengths on a clock the test moves.
 */
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { ACCOUNT_DISABLED_MESSAGE, MSG } from "../../src/contract";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";

const COOKIE = "refresh_token";
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const MINUTE = 60;

const IDLE_MESSAGE = "Your session ended after 30 minutes without activity. Please sign in again.";
const MAX_AGE_MESSAGE = "Your session ended 12 hours after you signed in. Please sign in again.";

interface Signed {
  token: string;
  cookie: string;
  sid: string;
}

describe.each(DIALECTS)("sessions on %s", (dialect) => {
  let t: TestApp;
  let base: string;
  let superAdmin: TestUser;
  // The server's clock runs this far ahead of the real one; tests move it to pass the limits.
  let offsetMs = 0;
  const later = (seconds: number) => {
    offsetMs += seconds * 1000;
  };

  beforeAll(async () => {
    // Access tokens outlive every step here, so a 401 is the session's doing, not the token's.
    t = await createTestApp(dialect, { clock: () => Date.now() + offsetMs, accessTokenTtlSeconds: 2 * 24 * 3600 });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    superAdmin = await createUser(t, "chief", ["SUPER_ADMIN"]);
  });
  afterAll(() => t.close());

  let seq = 0;
  const newAgent = () => createUser(t, `agent_${dialect}_${++seq}`, ["AGENT"]);

  async function signIn(username: string, userAgent = CHROME_ON_WINDOWS, password = TEST_PASSWORD): Promise<Signed> {
    const res = await t.app.inject({ method: "POST", url: "/auth/login", headers: { "user-agent": userAgent }, payload: { username, password } });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().replyMessage.token;
    return { token, cookie: res.cookies.find((c) => c.name === COOKIE)!.value, sid: decodeJwt(token).sid as string };
  }

  const refresh = (cookie: string, app: FastifyInstance = t.app) =>
    app.inject({ method: "POST", url: "/", headers: { "content-type": "application/json" }, payload: "", cookies: { [COOKIE]: cookie } });

  const as = (token: string) => ({ id: 0, username: "", token }) as TestUser;
  /** A guarded call anyone signed in may make. */
  const sessions = (token: string, app: FastifyInstance = t.app) =>
    app.inject({ method: "GET", url: "/auth/sessions", headers: { authorization: `Bearer ${token}` } });

  describe("two tabs refreshing at the same moment (RFC 9700 §4.14.2)", () => {
    /** POST / over a real connection, as a browser tab sends it; the cookie it sets, if any. */
    async function refreshOverHttp(cookie: string) {
      const res = await fetch(`${base}/`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `${COOKIE}=${cookie}` },
        body: "",
      });
      const body = await res.json();
      const set = res.headers.getSetCookie().map((c) => c.split(";")[0].split("=")[1]).find((value) => value !== "");
      return { status: res.status, token: body.replyMessage?.token as string | undefined, cookie: set };
    }

    it("keeps both tabs signed in in 20 tries of two truly concurrent refreshes, and refreshing goes on working", async () => {
      const user = await newAgent();
      let cookie = (await signIn(user.username)).cookie;
      const loggedOut: string[] = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        const replies = await Promise.all([refreshOverHttp(cookie), refreshOverHttp(cookie)]);
        if (replies.some((r) => r.status !== 200)) loggedOut.push(`try ${attempt}: ${replies.map((r) => r.status).join(", ")}`);
        for (const reply of replies.filter((r) => r.token)) {
          const res = await fetch(`${base}/auth/sessions`, { headers: { authorization: `Bearer ${reply.token}` } });
          expect(res.status).toBe(200);
        }
        // One reply rotated the cookie; the other answered within the grace period and set none, so
        // the browser keeps the new one for both tabs.
        const set = replies.flatMap((r) => (r.cookie ? [r.cookie] : []));
        expect(set).toHaveLength(1);
        cookie = set[0];
      }
      expect(loggedOut, "tries where a tab was signed out").toEqual([]);
      for (let i = 0; i < 3; i++) {
        const next = await refreshOverHttp(cookie);
        expect(next.status).toBe(200);
        cookie = next.cookie!;
      }
    });

    it("answers the tab that lost the race an access token of the same session", async () => {
      const user = await newAgent();
      const { cookie, sid } = await signIn(user.username);
      const winner = await refresh(cookie);
      const loser = await refresh(cookie);
      expect(loser.statusCode).toBe(200);
      expect(loser.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
      expect(decodeJwt(loser.json().replyMessage.token)).toMatchObject({ userId: user.id, sid });
      expect(decodeJwt(winner.json().replyMessage.token).sid).toBe(sid);
      expect((await sessions(loser.json().replyMessage.token)).statusCode).toBe(200);
    });

    it("refuses the old token after the grace period and ends the session, the new cookie included", async () => {
      const user = await newAgent();
      const { cookie, token } = await signIn(user.username);
      const rotated = (await refresh(cookie)).cookies.find((c) => c.name === COOKIE)!.value;
      later(31);
      expect((await refresh(cookie)).statusCode).toBe(401);
      expect((await refresh(rotated)).statusCode).toBe(401);
      const res = await sessions(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorMessage).toMatch(/used twice/);
    });
  });

  describe("revocation", () => {
    it("is refused within 5 s on another node sharing the database", async () => {
      const other = await buildApp(t.config);
      try {
        await other.app.ready();
        const user = await newAgent();
        const { token } = await signIn(user.username);
        // The other node has read the session and remembers it.
        expect((await sessions(token, other.app)).statusCode).toBe(200);

        const revoked = await call(t, superAdmin, { method: "POST", url: `/auth/revoke-sessions/${user.id}` });
        expect(revoked.statusCode).toBe(200);
        const start = Date.now();
        // This node refuses at once.
        expect((await sessions(token)).statusCode).toBe(401);
        let last = await sessions(token, other.app);
        while (last.statusCode === 200 && Date.now() - start < 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          last = await sessions(token, other.app);
        }
        const elapsed = Date.now() - start;
        expect(last.statusCode).toBe(401);
        expect(last.json().errorMessage).toBe("A super admin signed you out. Please sign in again.");
        expect(elapsed, `refused after ${elapsed} ms`).toBeLessThanOrEqual(5000);
      } finally {
        await other.app.close();
      }
    });

    it.each([
      ["sign-out", "You signed out of this session. Please sign in again."],
      ["a role change", "Your role was changed. Please sign in again."],
      ["the account's deletion", "Your session has ended. Please sign in again."],
    ])("after %s the access token and the refresh cookie are refused, saying why", async (cause, message) => {
      const user = await newAgent();
      const { token, cookie } = await signIn(user.username);
      expect((await sessions(token)).statusCode).toBe(200);
      const ended =
        cause === "sign-out"
          ? await t.app.inject({ method: "POST", url: "/auth/logout", cookies: { [COOKIE]: cookie } })
          : cause === "a role change"
            ? await call(t, superAdmin, { method: "POST", url: `/api/admin/assign-role/user/${user.id}?roleName=ADMIN` })
            : await call(t, superAdmin, { method: "DELETE", url: `/auth/delete-user/${user.id}` });
      expect(ended.statusCode).toBe(200);
      const res = await sessions(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorMessage: message });
      expect((await refresh(cookie)).statusCode).toBe(401);
    });

    it("lets a super admin sign a user out everywhere, and says how many sessions ended", async () => {
      const user = await newAgent();
      const one = await signIn(user.username);
      const two = await signIn(user.username, FIREFOX_ON_LINUX);
      const res = await call(t, superAdmin, { method: "POST", url: `/auth/revoke-sessions/${user.id}` });
      // createUser's own sign-in is a third session.
      expect(res.json()).toMatchObject({ success: true, replyMessage: { ended: 3 }, message: `${user.username} was signed out everywhere (3 sessions ended)` });
      for (const s of [one, two]) {
        expect((await sessions(s.token)).statusCode).toBe(401);
        const refused = await refresh(s.cookie);
        expect(refused.json().errorMessage).toBe("A super admin signed you out. Please sign in again.");
      }
      expect((await call(t, superAdmin, { method: "POST", url: "/auth/revoke-sessions/999999" })).statusCode).toBe(404);
    });
  });

  describe("disabled accounts", () => {
    it("cannot sign in or refresh, lose their sessions, keep their passports, and can be enabled again", async () => {
      const user = await newAgent();
      const { token, cookie } = await signIn(user.username);
      const slot = await createSlot(t, `SESSIONS-${dialect}`);
      const passportId = await insertPassport(t, { agentId: user.id, agentName: user.username, slotId: slot.id });

      const disabled = await call(t, superAdmin, { method: "PUT", url: `/auth/set-user-enabled/${user.id}/false` });
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ replyMessage: { id: user.id, enabled: false }, message: `${user.username} is disabled and was signed out` });

      for (const res of [await sessions(token), await refresh(cookie)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().errorMessage).toBe(ACCOUNT_DISABLED_MESSAGE);
      }
      const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: user.username, password: TEST_PASSWORD } });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ success: false, errorMessage: ACCOUNT_DISABLED_MESSAGE });
      expect(login.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
      // A wrong password says nothing about the account.
      const wrong = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: user.username, password: "wrong-one" } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().errorMessage).toBe("Invalid username or password");

      const listed = await call(t, superAdmin, { method: "GET", url: "/auth/get-all-users?size=100" });
      expect(listed.json().replyMessage.content.find((u: { id: number }) => u.id === user.id)).toMatchObject({ enabled: false });
      expect(await t.db.selectFrom("passports").select("agent_id").where("id", "=", passportId).executeTakeFirst()).toEqual({ agent_id: user.id });

      const enabled = await call(t, superAdmin, { method: "PUT", url: `/auth/set-user-enabled/${user.id}/true` });
      expect(enabled.json()).toMatchObject({ replyMessage: { enabled: true }, message: `${user.username} can sign in again` });
      await signIn(user.username);
      // The sessions ended by disabling stay ended.
      expect((await sessions(token)).statusCode).toBe(401);
    });

    it("refuses a super admin disabling their own account, an unknown user and a bad flag", async () => {
      expect((await call(t, superAdmin, { method: "PUT", url: `/auth/set-user-enabled/${superAdmin.id}/false` })).statusCode).toBe(409);
      expect((await call(t, superAdmin, { method: "PUT", url: "/auth/set-user-enabled/999999/false" })).statusCode).toBe(404);
      const bad = await call(t, superAdmin, { method: "PUT", url: `/auth/set-user-enabled/${superAdmin.id}/maybe` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ enabled: "enabled must be true or false" });
    });
  });

  describe("change password", () => {
    const change = (token: string, body: unknown) =>
      t.app.inject({ method: "PUT", url: "/auth/change-password", headers: { authorization: `Bearer ${token}` }, payload: body as object });

    it("needs the current password, answering 400 (not 401) when it is wrong, and a new one that differs", async () => {
      const user = await newAgent();
      const wrong = await change(user.token, { currentPassword: "not-it", newPassword: "brand-new-1" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ success: false, errorMessage: MSG.wrongCurrentPassword, errors: { currentPassword: MSG.wrongCurrentPassword } });
      const same = await change(user.token, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
      expect(same.json().errors).toEqual({ newPassword: MSG.samePassword });
      const short = await change(user.token, { currentPassword: TEST_PASSWORD, newPassword: "12345" });
      expect(short.json().errors).toEqual({ newPassword: MSG.password });
      // Nothing changed: the session and the old password still work.
      expect((await sessions(user.token)).statusCode).toBe(200);
      await signIn(user.username);
    });

    it("changes it and signs out every other session, keeping the one that changed it", async () => {
      const user = await newAgent();
      const here = await signIn(user.username);
      const elsewhere = await signIn(user.username, FIREFOX_ON_LINUX);
      const res = await change(here.token, { currentPassword: TEST_PASSWORD, newPassword: "brand-new-1" });
      expect(res.statusCode).toBe(200);
      // createUser's sign-in and the Firefox one.
      expect(res.json()).toMatchObject({ success: true, message: "Password changed; 2 sessions elsewhere were signed out" });
      expect((await sessions(here.token)).statusCode).toBe(200);
      expect((await refresh(here.cookie)).statusCode).toBe(200);
      const other = await sessions(elsewhere.token);
      expect(other.statusCode).toBe(401);
      expect(other.json().errorMessage).toBe("Your password was changed, which signed out your other sessions. Please sign in again.");
      expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
      const old = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: user.username, password: TEST_PASSWORD } });
      expect(old.statusCode).toBe(401);
      await signIn(user.username, CHROME_ON_WINDOWS, "brand-new-1");
    });
  });

  describe("one's own sessions", () => {
    it("lists the active ones, newest use first, with address, readable browser and the current one marked", async () => {
      const user = await newAgent();
      const chrome = await signIn(user.username, CHROME_ON_WINDOWS);
      later(60);
      const firefox = await signIn(user.username, FIREFOX_ON_LINUX);
      const res = await sessions(chrome.token);
      expect(res.statusCode).toBe(200);
      const list = res.json().replyMessage;
      // createUser's sign-in came first and has not been used since.
      expect(list.map((s: { id: string }) => s.id).slice(0, 2)).toEqual([chrome.sid, firefox.sid]);
      expect(list).toHaveLength(3);
      expect(list[0]).toEqual({
        id: chrome.sid,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        ipAddress: "127.0.0.1",
        browser: "Chrome 126 on Windows",
        current: true,
      });
      expect(list[1]).toMatchObject({ browser: "Firefox 128 on Linux", current: false });
      expect(Date.parse(list[1].createdAt) - Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(60_000);
    });

    it("ends one of them, refuses another user's (403) and an unknown one (404)", async () => {
      const user = await newAgent();
      const here = await signIn(user.username);
      const there = await signIn(user.username, FIREFOX_ON_LINUX);
      const other = await newAgent();
      const otherSid = decodeJwt(other.token).sid as string;

      const end = (sid: string) => t.app.inject({ method: "DELETE", url: `/auth/sessions/${sid}`, headers: { authorization: `Bearer ${here.token}` } });
      expect((await end(otherSid)).statusCode).toBe(403);
      expect((await sessions(other.token)).statusCode).toBe(200);
      expect((await end("no-such-session")).statusCode).toBe(404);

      const res = await end(there.sid);
      expect(res.json()).toMatchObject({ success: true, message: "Session signed out" });
      const refused = await sessions(there.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errorMessage).toBe("This session was signed out from another browser. Please sign in again.");
      expect((await sessions(here.token)).json().replyMessage.map((s: { id: string }) => s.id)).not.toContain(there.sid);
    });

    it("signs out everywhere else, keeping the current session", async () => {
      const user = await newAgent();
      const here = await signIn(user.username);
      const there = await signIn(user.username, FIREFOX_ON_LINUX);
      const res = await t.app.inject({ method: "DELETE", url: "/auth/sessions", headers: { authorization: `Bearer ${here.token}` } });
      expect(res.json()).toMatchObject({ success: true, replyMessage: { ended: 2 }, message: "Signed out 2 sessions elsewhere" });
      expect((await sessions(there.token)).statusCode).toBe(401);
      expect((await refresh(there.cookie)).statusCode).toBe(401);
      const left = await sessions(here.token);
      expect(left.json().replyMessage.map((s: { id: string }) => s.id)).toEqual([here.sid]);
    });
  });

  // Last: it moves the clock hours on, past the idle limit of every session made before (the super admin's too).
  describe("idle and maximum session length (clock moved by the test)", () => {
    it("ends a session after 30 minutes without a request, and the refresh says so too", async () => {
      const user = await newAgent();
      const { token, cookie } = await signIn(user.username);
      for (let i = 0; i < 3; i++) {
        later(29 * MINUTE);
        expect((await sessions(token)).statusCode).toBe(200);
      }
      later(31 * MINUTE);
      const res = await sessions(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorMessage: IDLE_MESSAGE });
      const refused = await refresh(cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errorMessage).toBe(IDLE_MESSAGE);
    });

    it("counts a refresh as activity", async () => {
      const user = await newAgent();
      const { token, cookie } = await signIn(user.username);
      later(25 * MINUTE);
      expect((await refresh(cookie)).statusCode).toBe(200);
      later(25 * MINUTE);
      expect((await sessions(token)).statusCode).toBe(200);
    });

    it("ends a session 12 hours after sign-in however busy it is; an idle one is not listed", async () => {
      const user = await newAgent();
      const { token, cookie } = await signIn(user.username);
      let cookieNow = cookie;
      for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
        later(20 * MINUTE);
        expect((await sessions(token)).statusCode, `after ${elapsed + 20} min`).toBe(200);
      }
      const rotated = await refresh(cookieNow);
      expect(rotated.statusCode).toBe(200);
      cookieNow = rotated.cookies.find((c) => c.name === COOKIE)!.value;
      later(20 * MINUTE);
      const res = await sessions(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorMessage).toBe(MAX_AGE_MESSAGE);
      expect((await refresh(cookieNow)).json().errorMessage).toBe(MAX_AGE_MESSAGE);
      // createUser's own session has been idle all along: it is no longer listed.
      const fresh = await signIn(user.username);
      expect((await sessions(fresh.token)).json().replyMessage.map((s: { id: string }) => s.id)).toEqual([fresh.sid]);
    });
  });
});

describe("session limits are settings", () => {
  it("ends sessions after SESSION_IDLE_TIMEOUT and says so in its own words", async () => {
    let offsetMs = 0;
    const t = await createTestApp("sqlite", {
      clock: () => Date.now() + offsetMs,
      accessTokenTtlSeconds: 3600,
      sessionIdleSeconds: 10 * MINUTE,
      sessionMaxAgeSeconds: 3600,
    });
    try {
      const user = await createUser(t, "short_idle", ["AGENT"]);
      const get = () => call(t, user, { method: "GET", url: "/auth/sessions" });
      offsetMs += 9 * MINUTE * 1000;
      expect((await get()).statusCode).toBe(200);
      offsetMs += 11 * MINUTE * 1000;
      expect((await get()).json().errorMessage).toBe("Your session ended after 10 minutes without activity. Please sign in again.");
    } finally {
      await t.close();
    }
  });
});

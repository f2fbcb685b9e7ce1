/**
 * Sign-in throttling (issue 11 point 1): failures counted per username and per address in the
 * database, 429 with Retry-After and no password hash once a limit is reached, a reset on success,
 * and at most N hashes at once (503 beyond).
 */
import { scrypt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addressKey } from "../../server/auth/sign-in-throttle";
import { cheapUser, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp } from "./harness";

// The real scrypt, counted: a throttled attempt must not compute a hash.
vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof import("node:crypto")>();
  return { ...crypto, scrypt: vi.fn(crypto.scrypt) };
});
const hashesComputed = () => vi.mocked(scrypt).mock.calls.length;

const WRONG = "wrong-password";

/** No address limit (the tests share one address), no delay on refusals, and a long wait for a hashing slot on a busy machine. */
const LIMITS = { signInAddressMaxFailures: 0, passwordHashWaitMs: 60_000, signInThrottledDelayMs: 0 };

describe.each(DIALECTS)("sign-in throttling on %s", (dialect) => {
  let t: TestApp;
  let n = 0;
  /** A fresh user per test, so that the tests' counts do not meet. */
  const freshUser = () => cheapUser(t, `user${++n}`);

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: LIMITS });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, remoteAddress = "203.0.113.10") =>
    t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password }, remoteAddress });

  it("answers 401 for five wrong passwords, then 429 with Retry-After and when to try again, even for the right one", async () => {
    const username = await freshUser();
    for (let i = 0; i < 5; i++) expect((await login(username, WRONG)).statusCode).toBe(401);
    for (const password of [WRONG, TEST_PASSWORD]) {
      const res = await login(username, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        replyMessage: null,
        message: null,
        errorMessage: "Too many failed sign-in attempts for this username. Please try again in 15 minutes.",
      });
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(res.cookies).toEqual([]);
    }
  });

  it("computes no password hash for a throttled attempt", async () => {
    const username = await freshUser();
    for (let i = 0; i < 5; i++) await login(username, WRONG);
    const before = hashesComputed();
    for (let i = 0; i < 10; i++) expect((await login(username, i % 2 ? WRONG : TEST_PASSWORD)).statusCode).toBe(429);
    expect(hashesComputed()).toBe(before);
  });

  it("lets only five of sixteen parallel wrong passwords reach the hash; the rest answer 429 at once", async () => {
    const username = await freshUser();
    const before = hashesComputed();
    const replies = await Promise.all(Array.from({ length: 16 }, () => login(username, WRONG)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(401), ...Array(11).fill(429)]);
    expect(hashesComputed() - before).toBe(5);
  });

  it("answers a refused sign-in only after SIGN_IN_THROTTLED_DELAY_MS, slowing a flood down", async () => {
    const slow = await createTestApp(dialect, { databaseUrl: t.config.databaseUrl, limits: { ...LIMITS, signInThrottledDelayMs: 400 } });
    try {
      const username = await freshUser();
      for (let i = 0; i < 5; i++) await login(username, WRONG);
      const started = Date.now();
      const res = await slow.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: WRONG } });
      expect(res.statusCode).toBe(429);
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      await slow.app.close();
    }
  });

  it("counts usernames whatever their case, and unknown usernames like known ones", async () => {
    const username = await freshUser();
    for (const name of [username, username.toUpperCase(), username, username.toUpperCase(), username]) await login(name, WRONG);
    expect((await login(username.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(429);

    for (let i = 0; i < 5; i++) expect((await login("nobody-at-all", WRONG)).statusCode).toBe(401);
    const unknown = await login("nobody-at-all", WRONG);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().errorMessage).toBe("Too many failed sign-in attempts for this username. Please try again in 15 minutes.");
  });

  it("starts afresh after a successful sign-in", async () => {
    const username = await freshUser();
    for (let i = 0; i < 4; i++) await login(username, WRONG);
    expect((await login(username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(username, WRONG)).statusCode).toBe(401);
    expect((await login(username, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await t.db.selectFrom("sign_in_throttle").select("key").where("key", "=", `user:${username}`).execute()).toEqual([]);
  });

  it("opens again once the 15 minutes since the first failure are over", async () => {
    const username = await freshUser();
    for (let i = 0; i < 5; i++) await login(username, WRONG);
    expect((await login(username, TEST_PASSWORD)).statusCode).toBe(429);
    // Another node (no memory of the lock on this one) sees the window end in the shared table.
    const other = await createTestApp(dialect, { databaseUrl: t.config.databaseUrl, limits: LIMITS });
    try {
      const started = new Date(Date.now() - 15 * 60 * 1000 - 1000).toISOString();
      await t.db.updateTable("sign_in_throttle").set({ window_started_at: started }).where("key", "=", `user:${username}`).execute();
      const res = await other.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });

  it("shares the count between nodes on one database", async () => {
    const username = await freshUser();
    const other = await createTestApp(dialect, { databaseUrl: t.config.databaseUrl, limits: LIMITS });
    try {
      const otherLogin = (password: string) => other.app.inject({ method: "POST", url: "/auth/login", payload: { username, password } });
      for (let i = 0; i < 3; i++) expect((await login(username, WRONG)).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) expect((await otherLogin(WRONG)).statusCode).toBe(401);
      expect((await login(username, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await otherLogin(TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });

  describe("per address", () => {
    let a: TestApp;
    beforeAll(async () => {
      a = await createTestApp(dialect, { limits: { signInAddressMaxFailures: 3, signInThrottledDelayMs: 0 } });
      for (const name of ["office1", "guess0", "guess1", "guess2", "typo0", "typo1", "typo2", "v6guess0", "v6guess1", "v6guess2"]) await cheapUser(a, name);
    });
    afterAll(() => a.close());
    const from = (remoteAddress: string, username: string, password = WRONG) =>
      a.app.inject({ method: "POST", url: "/auth/login", payload: { username, password }, remoteAddress });

    it("refuses an address after its limit of failures over any usernames, and not another address", async () => {
      for (let i = 0; i < 3; i++) expect((await from("198.51.100.7", `guess${i}`)).statusCode).toBe(401);
      const before = hashesComputed();
      const res = await from("198.51.100.7", "office1", TEST_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json().errorMessage).toBe("Too many failed sign-in attempts from your network. Please try again in 15 minutes.");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(14 * 60);
      expect(hashesComputed()).toBe(before);
      expect((await from("198.51.100.8", "office1", TEST_PASSWORD)).statusCode).toBe(200);
    });

    it("does not count successful sign-ins from an address (an office behind one address)", async () => {
      for (let i = 0; i < 2; i++) expect((await from("198.51.100.9", `typo${i}`)).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) expect((await from("198.51.100.9", "office1", TEST_PASSWORD)).statusCode).toBe(200);
      expect((await from("198.51.100.9", "typo2")).statusCode).toBe(401);
      expect((await from("198.51.100.9", "office1", TEST_PASSWORD)).statusCode).toBe(429);
    });

    it("counts an IPv6 client by its /64", async () => {
      for (let i = 0; i < 3; i++) expect((await from(`2001:db8:1:2::${i + 1}`, `v6guess${i}`)).statusCode).toBe(401);
      expect((await from("2001:db8:1:2:ffff::9", "office1", TEST_PASSWORD)).statusCode).toBe(429);
      expect((await from("2001:db8:1:3::1", "office1", TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe("password hashing slots", () => {
    let h: TestApp;
    beforeAll(async () => {
      h = await createTestApp(dialect, { limits: { passwordHashConcurrency: 1, passwordHashWaitMs: 1 } });
      for (const name of ["busy1", "busy2", "busy3"]) await createUser(h, name, ["AGENT"]);
    });
    afterAll(() => h.close());

    it("answers 503 with Retry-After when no slot frees in time, and counts that attempt like a failure", async () => {
      const replies = await Promise.all(
        ["busy1", "busy2", "busy3"].map((username, i) =>
          h.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: WRONG }, remoteAddress: `192.0.2.${i + 1}` }),
        ),
      );
      const busy = replies.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(replies.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(1);
      for (const res of busy) {
        expect(res.headers["retry-after"]).toBe("1");
        expect(res.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: expect.stringMatching(/busy.*try again/) });
      }
      const counts = await h.db.selectFrom("sign_in_throttle").select(["key", "failures"]).where("key", "like", "user:busy%").execute();
      expect(counts.reduce((sum, c) => sum + c.failures, 0)).toBe(replies.length);
    });
  });
});

describe("addressKey", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:0:0:9", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1", "fe80:0:0:0::/64"],
  ])("%s counts as %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

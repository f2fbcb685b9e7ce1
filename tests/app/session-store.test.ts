import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY, createSessionStore, settleWithin } from "../../src/session/session-store";
import { decodeToken } from "../../src/session/token";

afterEach(() => vi.useRealTimers());

describe("session store (spec §3, §4)", () => {
  it("keeps {user, token, signUpUserId} in localStorage under auth and restores it", async () => {
    const first = createSessionStore(localStorage);
    first.signIn("t.o.k", { userId: 4, sub: "agent", roles: ["AGENT"] });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({
      user: { userId: 4, sub: "agent", roles: ["AGENT"] },
      token: "t.o.k",
      signUpUserId: null,
    });
    const second = createSessionStore(localStorage);
    await second.restore();
    expect(second.get().user?.sub).toBe("agent");
    second.end("logout");
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("drops unreadable saved state instead of failing start-up", async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, "{not json");
    const store = createSessionStore(localStorage);
    await store.restore();
    expect(store.get().token).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("start-up goes on after 5 s even if restoring never finishes", async () => {
    vi.useFakeTimers();
    let done = false;
    settleWithin(new Promise(() => undefined), 5000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe("token decoding", () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, "")}.s`;

  it("reads userId, sub and roles", () => {
    expect(decodeToken(token({ userId: 9, sub: "Rahim Uddin", roles: ["ADMIN", "BOGUS"], exp: 1 }))).toEqual({
      userId: 9,
      sub: "Rahim Uddin",
      roles: ["ADMIN"],
    });
  });

  it("rejects what is not a token of ours", () => {
    expect(decodeToken("garbage")).toBeUndefined();
    expect(decodeToken(token({ sub: "x" }))).toBeUndefined();
  });
});

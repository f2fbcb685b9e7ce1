import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY, createSessionStore, settleWithin } from "../../src/session/session-store";
import { renderAfterRestore } from "../../src/session/startup";
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

describe("start-up gate (spec §4)", () => {
  /** Starts the app with `restore`; the result tells whether it has rendered yet. */
  function start(restore: () => Promise<unknown>) {
    vi.useFakeTimers();
    let rendered = false;
    void renderAfterRestore(restore, () => (rendered = true));
    return () => rendered;
  }
  const after = (ms: number, outcome: "resolve" | "reject") =>
    new Promise<void>((resolve, reject) => setTimeout(() => (outcome === "resolve" ? resolve() : reject(new Error("storage blocked"))), ms));

  it("renders nothing until the saved auth state is restored, then renders", async () => {
    const rendered = start(() => after(1200, "resolve"));
    await vi.advanceTimersByTimeAsync(1199);
    expect(rendered()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rendered()).toBe(true);
  });

  it("renders after 5 s when restoring never finishes", async () => {
    const rendered = start(() => new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(4999);
    expect(rendered()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rendered()).toBe(true);
  });

  it("renders when restoring fails, at once", async () => {
    const rendered = start(() => after(10, "reject"));
    await vi.advanceTimersByTimeAsync(10);
    expect(rendered()).toBe(true);
    const thrown = start(() => {
      throw new Error("no storage");
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(thrown()).toBe(true);
  });

  it("the real store's restore lets the app render with the saved user", async () => {
    const saved = createSessionStore(localStorage);
    saved.signIn("t.o.k", { userId: 4, sub: "agent", roles: ["AGENT"] });
    const store = createSessionStore(localStorage);
    let userAtRender: string | undefined;
    await renderAfterRestore(() => store.restore(), () => (userAtRender = store.get().user?.sub));
    expect(userAtRender).toBe("agent");
  });
});

describe("session end reason", () => {
  it("is kept until forgotten, and a new sign-in clears it", () => {
    const store = createSessionStore(undefined);
    store.signIn("t.o.k", { userId: 4, sub: "agent", roles: ["AGENT"] });
    store.end("not-permitted");
    expect(store.lastEndReason()).toBe("not-permitted");
    store.forgetEndReason();
    expect(store.lastEndReason()).toBeUndefined();
    store.end("forbidden");
    store.signIn("t.o.k", { userId: 4, sub: "agent", roles: ["AGENT"] });
    expect(store.lastEndReason()).toBeUndefined();
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

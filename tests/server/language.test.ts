/**
 * Issue 28 on the server: the user's language (kept on the account, set by the sign-in or by PUT
 * /auth/language) and the error replies' `errorCode`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_TEXTS, SESSION_END_REASONS, errorCodeOf, sessionEndedMessage } from "../../src/contract";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";

describe.each(DIALECTS)("the user's language on %s", (dialect) => {
  let t: TestApp;
  let agent: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    agent = await createUser(t, "agent.lang", ["AGENT"]);
  });
  afterAll(() => t.close());

  const login = (username: string, extra: Record<string, unknown> = {}, password = TEST_PASSWORD) =>
    call(t, undefined, { method: "POST", url: "/auth/login", payload: { username, password, ...extra } });
  const setLanguage = (user: TestUser | undefined, payload: unknown) => call(t, user, { method: "PUT", url: "/auth/language", payload: payload as object });
  const stored = async (id: number) => (await t.db.selectFrom("users").select("language").where("id", "=", id).executeTakeFirstOrThrow()).language;

  it("answers null on sign-in while the account has none", async () => {
    const user = await createUser(t, "never.chose", ["ADMIN"]);
    const res = await login(user.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Sign In Successful", errorMessage: null, replyMessage: { language: null } });
    expect(res.json().replyMessage.token).toEqual(expect.any(String));
  });

  it("saves the language sent with a sign-in; a later sign-in without one answers it", async () => {
    const res = await login(agent.username, { language: "bn" });
    expect(res.statusCode).toBe(200);
    expect(res.json().replyMessage).toEqual({ token: expect.any(String), language: "bn" });
    expect(await stored(agent.id)).toBe("bn");

    const again = await login(agent.username);
    expect(again.json().replyMessage.language).toBe("bn");

    const english = await login(agent.username, { language: "en" });
    expect(english.json().replyMessage.language).toBe("en");
    expect(await stored(agent.id)).toBe("en");
  });

  it("saves nothing from a failed sign-in, and refuses a language it does not know", async () => {
    const user = await createUser(t, "wrong.password", ["AGENT"]);
    const failed = await login(user.username, { language: "bn" }, "not-the-password");
    expect(failed.statusCode).toBe(401);
    expect(await stored(user.id)).toBeNull();

    const french = await login(user.username, { language: "fr" });
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toHaveProperty("language");
    expect(await stored(user.id)).toBeNull();
  });

  it("PUT /auth/language sets the caller's own language, which the next sign-in answers", async () => {
    const user = await createUser(t, "menu.switch", ["SUPER_ADMIN"]);
    const res = await setLanguage(user, { language: "bn" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, replyMessage: { language: "bn" }, message: null, errorMessage: null });
    expect(await stored(user.id)).toBe("bn");
    expect(await stored(agent.id)).not.toBe("bn"); // only the caller's
    expect((await login(user.username)).json().replyMessage.language).toBe("bn");
  });

  it("PUT /auth/language answers 400 with the field's message for another value, 401 without a token", async () => {
    const user = await createUser(t, "menu.bad", ["AGENT"]);
    for (const body of [{ language: "fr" }, {}, { language: null }]) {
      const res = await setLanguage(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, replyMessage: null, errors: { language: expect.any(String) } });
    }
    expect(await stored(user.id)).toBeNull();

    const anonymous = await setLanguage(undefined, { language: "bn" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, errorMessage: "Authentication required", errorCode: "authenticationRequired" });
  });
});

describe.each(DIALECTS)("errorCode on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin.codes", ["ADMIN"]);
  });
  afterAll(() => t.close());

  it("names a known error by its code; errorMessage stays English", async () => {
    const res = await call(t, admin, { method: "GET", url: "/api/passport/999999" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, replyMessage: null, message: null, errorMessage: "Passport not found", errorCode: "passportNotFound" });
  });

  it("says why a sign-in failed by code", async () => {
    const res = await call(t, undefined, { method: "POST", url: "/auth/login", payload: { username: "nobody", password: "whatever1" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorMessage: "Invalid username or password", errorCode: "invalidCredentials" });
  });

  it("keeps the field messages beside the code", async () => {
    const res = await call(t, undefined, { method: "POST", url: "/auth/login", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorMessage: "Invalid request", errorCode: "invalidRequest", errors: { username: "Enter your username", password: "Password is required" } });
  });

  it("sends none for a message it does not know", async () => {
    const res = await call(t, admin, { method: "GET", url: "/api/no-such-route" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, replyMessage: null, message: null, errorMessage: "Not found: GET /api/no-such-route" });
  });
});

describe("the codes", () => {
  it("cover every session-ended message that does not hold a length", () => {
    const limits = { idleSeconds: 1800, maxAgeSeconds: 43200 };
    const fixed = [...SESSION_END_REASONS.filter((r) => r !== "idle" && r !== "max-age"), null];
    expect(fixed.filter((reason) => errorCodeOf(sessionEndedMessage(reason, limits)) === undefined)).toEqual([]);
  });

  it("are one per message", () => {
    const texts = Object.values(ERROR_TEXTS);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

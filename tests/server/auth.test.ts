import { createHash, randomBytes, scryptSync } from "node:crypto";
import type { InjectOptions } from "fastify";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/contract";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";

const COOKIE = "refresh_token";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe.each(DIALECTS)("auth on %s", (dialect) => {
  let t: TestApp;
  let agent: TestUser;
  let superAdmin: TestUser;
  // The server's clock runs this far ahead of the real one, to step past the refresh grace period.
  let offsetMs = 0;
  const later = (seconds: number) => {
    offsetMs += seconds * 1000;
  };
  /** The server's time in whole seconds, as JWTs count it. */
  const serverSeconds = () => Math.floor((Date.now() + offsetMs) / 1000);

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => Date.now() + offsetMs });
    agent = await createUser(t, "Agent.Karim", ["AGENT"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
  });
  afterAll(() => t.close());

  const login = (username: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password } });

  const refreshCookie = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === COOKIE);

  async function signIn(username = agent.username): Promise<string> {
    const res = await login(username);
    expect(res.statusCode).toBe(200);
    return refreshCookie(res)!.value;
  }

  /** POST / as the app sends it: JSON, with the refresh cookie. */
  const refresh = (cookie: string | undefined, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/",
      payload: "",
      ...extra,
      headers: { "content-type": "application/json", ...(extra.headers ?? {}) },
      cookies: cookie === undefined ? {} : { [COOKIE]: cookie },
    });

  const accessTokenOf = (res: Awaited<ReturnType<typeof login>>): string => res.json().replyMessage.token;

  /** A guarded call that succeeds only with a valid access token. */
  const ownAccount = (token: string) =>
    t.app.inject({ method: "GET", url: `/auth/get-user/${agent.id}`, headers: { authorization: `Bearer ${token}` } });

  const signWith = (secret: string, claims: Record<string, unknown>, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(agent.username)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  describe("login", () => {
    it("answers a token with userId, sub, roles and exp, and sets an httpOnly SameSite=Strict refresh cookie", async () => {
      const before = serverSeconds();
      const res = await login("agent.karim"); // usernames match whatever their case
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: "Sign In Successful", errorMessage: null });
      const claims = decodeJwt(body.replyMessage.token);
      expect(claims).toMatchObject({ userId: agent.id, sub: "Agent.Karim", roles: ["AGENT"] });
      expect(claims.exp).toBeGreaterThanOrEqual(before + t.config.accessTokenTtlSeconds);
      expect(claims.exp).toBeLessThanOrEqual(serverSeconds() + t.config.accessTokenTtlSeconds);

      const setCookie = String(res.headers["set-cookie"]);
      expect(setCookie).toMatch(new RegExp(`^${COOKIE}=`));
      expect(setCookie).toMatch(/; HttpOnly/i);
      expect(setCookie).toMatch(/; SameSite=Strict/i);
      expect(setCookie).toMatch(/; Path=\//i);
      // The refresh cookie ends with the session, 12 hours after sign-in (SESSION_MAX_AGE).
      const cookie = refreshCookie(res)!;
      const twelveHours = 12 * 3600 * 1000;
      expect(Math.abs(cookie.expires!.getTime() - (Date.now() + offsetMs + twelveHours))).toBeLessThan(60_000);

      // Opaque and stored only as a hash.
      expect(cookie.value.length).toBeGreaterThanOrEqual(32);
      expect(await t.db.selectFrom("refresh_tokens").select("id").where("token_hash", "=", cookie.value).execute()).toEqual([]);
      expect(await t.db.selectFrom("refresh_tokens").select("user_id").where("token_hash", "=", sha256(cookie.value)).execute()).toEqual([
        { user_id: agent.id },
      ]);

      expect((await ownAccount(body.replyMessage.token)).statusCode).toBe(200);
    });

    it("answers the same 401 for a wrong password and an unknown user, and sets no cookie", async () => {
      const wrong = await login(agent.username, "wrong-password");
      const unknown = await login("nobody-here", TEST_PASSWORD);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: "Invalid username or password" });
      expect(refreshCookie(wrong)).toBeUndefined();
      expect(refreshCookie(unknown)).toBeUndefined();
    });

    it("signs in with a password hashed at the former parameters (128 MiB) and stores it again at the current ones (32 MiB)", async () => {
      const user = await createUser(t, "former.hash", ["AGENT"]);
      const salt = randomBytes(16);
      const key = scryptSync(TEST_PASSWORD.normalize("NFKC"), salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 20 });
      const former = ["scrypt", 2 ** 17, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
      await t.db.updateTable("users").set({ password_hash: former }).where("id", "=", user.id).execute();
      const storedHash = async () => (await t.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow()).password_hash;

      expect((await login(user.username, "wrong-password")).statusCode).toBe(401);
      expect(await storedHash()).toBe(former);
      expect((await login(user.username)).statusCode).toBe(200);
      const current = await storedHash();
      expect(current).toMatch(/^scrypt\$32768\$8\$3\$/);
      expect((await login(user.username)).statusCode).toBe(200);
      expect(await storedHash()).toBe(current);
      expect((await login(user.username, "wrong-password")).statusCode).toBe(401);
    });

    it("requires a username and a password with the §5 sign-in messages", async () => {
      const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "  ", password: "" } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ username: MSG.signInUsername, password: MSG.signInPassword });
    });
  });

  describe("refresh (POST /)", () => {
    it("answers a new token and rotates the cookie; the old cookie is refused once the grace period is over", async () => {
      const first = await signIn();
      const res = await refresh(first);
      expect(res.statusCode).toBe(200);
      const token = res.json().replyMessage.token;
      expect(decodeJwt(token)).toMatchObject({ userId: agent.id, sub: agent.username, roles: ["AGENT"] });
      expect((await ownAccount(token)).statusCode).toBe(200);
      const second = refreshCookie(res)!;
      expect(second.value).not.toBe(first);
      expect(second).toMatchObject({ httpOnly: true, sameSite: "Strict" });

      // The successor keeps working (and rotates again). The used one, within the 30 s grace period,
      // still answers an access token but sets no cookie; after it, it is refused.
      const third = await refresh(second.value);
      expect(third.statusCode).toBe(200);
      const again = await refresh(first);
      expect(again.statusCode).toBe(200);
      expect(refreshCookie(again)).toBeUndefined();
      later(31);
      expect((await refresh(first)).statusCode).toBe(401);
    });

    it("revokes the whole family when a used token is presented again after the grace period", async () => {
      const stolen = await signIn();
      const rotated = refreshCookie(await refresh(stolen))!.value;
      const otherSession = await signIn();

      later(31);
      const reuse = await refresh(stolen);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({
        success: false,
        errorMessage: "Your session was ended because its sign-in token was used twice, which can mean it was stolen. Please sign in again.",
      });
      // The cookie is cleared.
      expect(refreshCookie(reuse)?.value ?? "").toBe("");

      expect((await refresh(rotated)).statusCode).toBe(401);
      const family = await t.db.selectFrom("refresh_tokens").select("family_id").where("token_hash", "=", sha256(stolen)).executeTakeFirstOrThrow();
      const rows = await t.db.selectFrom("refresh_tokens").select("revoked_at").where("family_id", "=", family.family_id).execute();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.every((r) => r.revoked_at !== null)).toBe(true);

      // Another sign-in of the same user is another family and keeps working.
      expect((await refresh(otherSession)).statusCode).toBe(200);
    });

    it("accepts an empty body or {} as JSON", async () => {
      const cookie = await signIn();
      const res = await refresh(cookie, { payload: "{}" });
      expect(res.statusCode).toBe(200);
    });

    it("is refused unless its media type is exactly application/json, whatever its origin", async () => {
      const cookie = await signIn();
      const own = { origin: "http://localhost:3000", host: "localhost:3000" };
      // text/plain is what a cross-site <form enctype="text/plain"> can send without a preflight; the
      // others merely contain "application/json". A type the server cannot parse at all is 415.
      for (const type of ["text/plain", "text/plain; application/json", "application/json-patch+json", "application/jsonx", "multipart/form-data; boundary=application/json"]) {
        for (const headers of [{ "content-type": type }, { ...own, "content-type": type }]) {
          const res = await refresh(cookie, { headers, payload: "{}" });
          expect([403, 415], type).toContain(res.statusCode);
          expect(res.json().success).toBe(false);
        }
      }
      expect((await refresh(cookie, { headers: { "content-type": "text/plain; application/json" }, payload: "{}" })).statusCode).toBe(403);
      const noBody = await t.app.inject({ method: "POST", url: "/", cookies: { [COOKIE]: cookie } });
      expect(noBody.statusCode).toBe(403);
      expect(noBody.json()).toMatchObject({ success: false, errorMessage: "Token refresh must be a JSON request from this application" });

      // The refused requests did not use up the token. Parameters such as charset are allowed, and the
      // media type is compared whatever its case (RFC 9110).
      const charset = await refresh(cookie, { headers: { ...own, "content-type": "application/json; charset=utf-8" } });
      expect(charset.statusCode).toBe(200);
      const upper = await refresh(refreshCookie(charset)!.value, { headers: { "content-type": "Application/JSON" } });
      expect(upper.statusCode).toBe(200);
    });

    it("accepts this server's own origin, with or without the default port, and refuses look-alikes", async () => {
      const cookie = await signIn();
      // Behind a TLS proxy: the same host, the default port written out or not.
      const proxied = await refresh(cookie, { headers: { origin: "https://app.example.com", host: "app.example.com:443" } });
      expect(proxied.statusCode).toBe(200);
      const otherHost = await refresh(refreshCookie(proxied)!.value, {
        headers: { origin: "https://app.example.com.evil.example", host: "app.example.com" },
      });
      expect(otherHost.statusCode).toBe(403);
    });

    it("ignores X-Forwarded-Host when no proxy is trusted (TRUST_PROXY unset)", async () => {
      const cookie = await signIn();
      const spoofed = await refresh(cookie, { headers: { origin: "https://evil.example", host: "app.example.com", "x-forwarded-host": "evil.example" } });
      expect(spoofed.statusCode).toBe(403);
      expect((await refresh(cookie, { headers: { origin: "https://app.example.com", host: "app.example.com" } })).statusCode).toBe(200);
    });

    it("is refused with a foreign Origin even as JSON", async () => {
      const cookie = await signIn();
      const res = await refresh(cookie, { headers: { origin: "https://evil.example" } });
      expect(res.statusCode).toBe(403);
      expect((await refresh(cookie)).statusCode).toBe(200);
    });

    it("is refused without a cookie, with an unknown cookie and once the family's 7 days are over", async () => {
      expect((await refresh(undefined)).statusCode).toBe(401);
      expect((await refresh("not-a-real-token")).statusCode).toBe(401);

      const cookie = await signIn();
      const row = await t.db.selectFrom("refresh_tokens").select("family_id").where("token_hash", "=", sha256(cookie)).executeTakeFirstOrThrow();
      await t.db
        .updateTable("refresh_tokens")
        .set({ family_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("family_id", "=", row.family_id)
        .execute();
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(401);
    });

    it("ends the sessions of a user whose role changes; the next sign-in carries the new role", async () => {
      const user = await createUser(t, "role_changer", ["AGENT"]);
      const cookie = await signIn(user.username);
      const assigned = await call(t, superAdmin, { method: "POST", url: `/api/admin/assign-role/user/${user.id}?roleName=ADMIN` });
      expect(assigned.statusCode).toBe(200);
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorMessage).toBe("Your role was changed. Please sign in again.");
      expect(decodeJwt(accessTokenOf(await login(user.username))).roles).toEqual(["ADMIN"]);
    });

    it("keeps the sessions when the role assigned is the one the user already has", async () => {
      const user = await createUser(t, "role_keeper", ["AGENT"]);
      const cookie = await signIn(user.username);
      expect((await call(t, superAdmin, { method: "POST", url: `/api/admin/assign-role/user/${user.id}?roleName=AGENT` })).statusCode).toBe(200);
      expect((await refresh(cookie)).statusCode).toBe(200);
    });
  });

  describe("logout", () => {
    it("revokes the refresh token and clears the cookie", async () => {
      const cookie = await signIn();
      const res = await t.app.inject({ method: "POST", url: "/auth/logout", cookies: { [COOKIE]: cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      const cleared = refreshCookie(res)!;
      expect(cleared.value).toBe("");
      expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
      expect((await refresh(cookie)).statusCode).toBe(401);
    });

    it("answers success without a cookie", async () => {
      const res = await t.app.inject({ method: "POST", url: "/auth/logout" });
      expect(res.statusCode).toBe(200);
    });
  });

  describe("access tokens", () => {
    // The agent's session (its id is the sid claim) is active, so only the token itself is judged.
    const claims = () => ({ userId: agent.id, roles: ["AGENT"], sid: decodeJwt(agent.token).sid });

    it("accepts a token signed with the server's secret (control for the cases below)", async () => {
      const token = await signWith(t.config.jwtSecret, claims(), serverSeconds() + 60);
      expect((await ownAccount(token)).statusCode).toBe(200);
    });

    it("refuses an expired token with 401", async () => {
      const token = await signWith(t.config.jwtSecret, claims(), serverSeconds() - 5);
      const res = await ownAccount(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorMessage: "Invalid or expired token" });
    });

    it("refuses a token that expires while in use (1 second lifetime)", async () => {
      const short = await createTestApp(dialect, { accessTokenTtlSeconds: 1 });
      try {
        const user = await createUser(short, "shortlived", ["AGENT"]);
        const get = () => call(short, user, { method: "GET", url: `/auth/get-user/${user.id}` });
        expect((await get()).statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 2100));
        expect((await get()).statusCode).toBe(401);
      } finally {
        await short.close();
      }
    });

    it("refuses a well-signed token without a session id with 401", async () => {
      const { sid: _sid, ...withoutSession } = claims();
      const token = await signWith(t.config.jwtSecret, withoutSession, serverSeconds() + 60);
      expect((await ownAccount(token)).statusCode).toBe(401);
    });

    it("refuses forged, tampered, unsigned and malformed tokens with 401", async () => {
      const forged = await signWith("another-secret-that-is-long-enough-012345", claims(), serverSeconds() + 60);
      expect((await ownAccount(forged)).statusCode).toBe(401);

      // Raise the roles in a genuine token's payload, keeping its signature.
      const [header, , signature] = agent.token.split(".");
      const payload = { ...decodeJwt(agent.token), roles: ["SUPER_ADMIN"] };
      const tampered = [header, Buffer.from(JSON.stringify(payload)).toString("base64url"), signature].join(".");
      const asSuper = await t.app.inject({ method: "GET", url: "/auth/get-all-users", headers: { authorization: `Bearer ${tampered}` } });
      expect(asSuper.statusCode).toBe(401);

      const none = [
        Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"),
        Buffer.from(JSON.stringify({ ...payload, exp: serverSeconds() + 60 })).toString("base64url"),
        "",
      ].join(".");
      expect((await ownAccount(none)).statusCode).toBe(401);
      expect((await ownAccount("not.a.jwt")).statusCode).toBe(401);

      const missing = await t.app.inject({ method: "GET", url: `/auth/get-user/${agent.id}` });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ success: false, errorMessage: "Authentication required" });
    });
  });
});

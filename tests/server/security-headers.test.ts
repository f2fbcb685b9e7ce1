/**
 * Security headers (issue 11 point 7) and proxies (point 8): the Content-Security-Policy and the other
 * headers on API and web app replies, index.html carrying the reply's nonces, HSTS over HTTPS only,
 * and X-Forwarded-For/-Proto/-Host honoured only from the proxies TRUST_PROXY names.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "../../server/config";
import { cheapUser, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from "./harness";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>App</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <style>body { margin: 0; }</style>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const policy = String(res.headers["content-security-policy"] ?? "");
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

const nonceOf = (values: string[] | undefined) => values?.find((v) => v.startsWith("'nonce-"))?.slice("'nonce-".length, -1);

describe.each(DIALECTS)("security headers on %s", (dialect) => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "index.html"), INDEX_HTML);
    writeFileSync(join(webDir, "assets", "index-abc.js"), "console.log(1)");
    t = await createTestApp(dialect, { staticDir: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ["an API error", { method: "GET" as const, url: "/slot/get-all-slots" }],
    ["a page", { method: "GET" as const, url: "/dashboard/admin/pending" }],
    ["a static asset", { method: "GET" as const, url: "/assets/index-abc.js" }],
    ["an unknown API path", { method: "GET" as const, url: "/api/nothing-here" }],
  ])("%s carries a strict CSP, nosniff, Referrer-Policy and no framing", async (_what, request) => {
    const res = await t.app.inject(request);
    const csp = directives(res);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(csp.get("style-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(String(res.headers["content-security-policy"])).not.toMatch(/unsafe-(inline|eval)/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined(); // plain HTTP
  });

  it("sends index.html with the reply's nonces on its script and style tags and in the csp-nonce meta, fresh each time", async () => {
    const pages = await Promise.all(["/", "/signin", "/index.html"].map((url) => t.app.inject({ method: "GET", url })));
    const seen = new Set<string>();
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      const csp = directives(res);
      const script = nonceOf(csp.get("script-src"))!;
      const style = nonceOf(csp.get("style-src"))!;
      expect(res.body).toContain(`<script nonce="${script}" type="module" crossorigin src="/assets/index-abc.js"></script>`);
      expect(res.body).toContain(`<style nonce="${style}">body { margin: 0; }</style>`);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${style}" />`);
      seen.add(script).add(style);
    }
    expect(seen.size).toBe(6);
  });
});

describe.each(DIALECTS)("proxies (TRUST_PROXY) on %s", (dialect) => {
  const apps: TestApp[] = [];
  const app = async (trustProxy: AppConfig["trustProxy"]) => {
    const t = await createTestApp(dialect, { trustProxy, limits: { signInAddressMaxFailures: 2, signInThrottledDelayMs: 0 } });
    apps.push(t);
    for (let i = 0; i < 8; i++) await cheapUser(t, `user${i}`);
    return t;
  };
  let untrusting: TestApp;
  let trustingLoopback: TestApp;
  let oneHop: TestApp;
  beforeAll(async () => {
    [untrusting, trustingLoopback, oneHop] = [await app(undefined), await app(["127.0.0.1", "10.0.0.0/8"]), await app(1)];
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  const login = (t: TestApp, username: string, headers: Record<string, string>, password = "wrong", remoteAddress = "127.0.0.1") =>
    t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password }, headers, remoteAddress });

  it("without TRUST_PROXY, counts failures by the connecting address whatever X-Forwarded-For says", async () => {
    expect((await login(untrusting, "user0", { "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(401);
    expect((await login(untrusting, "user1", { "x-forwarded-for": "198.51.100.2" })).statusCode).toBe(401);
    const third = await login(untrusting, "user2", { "x-forwarded-for": "198.51.100.3" }, TEST_PASSWORD);
    expect(third.statusCode).toBe(429);
    expect(third.json().errorMessage).toMatch(/from your network/);
  });

  it("with a trusted proxy, counts failures by the client address it forwards", async () => {
    for (const username of ["user0", "user1"]) expect((await login(trustingLoopback, username, { "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(401);
    expect((await login(trustingLoopback, "user2", { "x-forwarded-for": "198.51.100.1" }, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(trustingLoopback, "user2", { "x-forwarded-for": "198.51.100.2" }, TEST_PASSWORD)).statusCode).toBe(200);
    // From an address that is not a listed proxy, the header is the client's own word: ignored.
    for (const forwarded of ["198.51.100.3", "198.51.100.4"]) {
      expect((await login(trustingLoopback, "user3", { "x-forwarded-for": forwarded }, "wrong", "203.0.113.9")).statusCode).toBe(401);
    }
    expect((await login(trustingLoopback, "user4", { "x-forwarded-for": "198.51.100.5" }, TEST_PASSWORD, "203.0.113.9")).statusCode).toBe(429);
  });

  it("with a hop count, takes the address the nearest proxy saw, not one the client wrote before it", async () => {
    for (const [i, spoofed] of ["1.1.1.1", "2.2.2.2"].entries()) {
      expect((await login(oneHop, `user${i}`, { "x-forwarded-for": `${spoofed}, 198.51.100.7` })).statusCode).toBe(401);
    }
    expect((await login(oneHop, "user2", { "x-forwarded-for": "3.3.3.3, 198.51.100.7" }, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(oneHop, "user2", { "x-forwarded-for": "198.51.100.8" }, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("sends HSTS and a Secure refresh cookie only when HTTPS is reported by a trusted proxy", async () => {
    const https = { "x-forwarded-proto": "https" };
    const trusted = await login(trustingLoopback, "user5", https, TEST_PASSWORD);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(trusted.headers["set-cookie"])).toMatch(/; Secure/);

    for (const [t, remoteAddress] of [[untrusting, "192.0.2.50"], [trustingLoopback, "192.0.2.51"]] as const) {
      const spoofed = await login(t, "user6", https, TEST_PASSWORD, remoteAddress);
      expect(spoofed.statusCode).toBe(200);
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
      expect(String(spoofed.headers["set-cookie"])).not.toMatch(/; Secure/);
    }
  });

  it("checks the refresh Origin against X-Forwarded-Host only from a trusted proxy", async () => {
    const refresh = async (t: TestApp, remoteAddress: string) => {
      const signedIn = await login(t, "user7", {}, TEST_PASSWORD, remoteAddress);
      const cookie = signedIn.cookies.find((c) => c.name === "refresh_token")!.value;
      return t.app.inject({
        method: "POST",
        url: "/",
        payload: "{}",
        remoteAddress,
        headers: { "content-type": "application/json", host: "10.0.0.5:3000", "x-forwarded-host": "backoffice.example.com", origin: "https://backoffice.example.com" },
        cookies: { refresh_token: cookie },
      });
    };
    expect((await refresh(trustingLoopback, "10.1.2.3")).statusCode).toBe(200);
    expect((await refresh(trustingLoopback, "192.0.2.60")).statusCode).toBe(403);
    expect((await refresh(untrusting, "192.0.2.61")).statusCode).toBe(403);
  });
});

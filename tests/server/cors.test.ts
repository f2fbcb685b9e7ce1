import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness";

const ALLOWED = "https://app.example.com";
const FOREIGN = "https://evil.example.net";

describe("CORS with CORS_ORIGIN set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", { corsOrigin: [ALLOWED, "https://admin.example.com"] });
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.app.inject({
      method: "OPTIONS",
      url: "/api/passport/get-pending-passports",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });

  it("answers a preflight from an allowed origin without a token, allowing credentials", async () => {
    const res = await preflight(ALLOWED);
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["access-control-allow-headers"]).toMatch(/authorization/i);
  });

  it("gives a foreign origin no CORS headers", async () => {
    const res = await preflight(FOREIGN);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    const login = await t.app.inject({ method: "POST", url: "/auth/login", headers: { origin: FOREIGN }, payload: { username: "x", password: "y" } });
    expect(login.headers["access-control-allow-origin"]).toBeUndefined();
    expect(login.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("marks the replies of an allowed origin, errors included", async () => {
    const res = await t.app.inject({ method: "GET", url: "/slot/get-all-slots", headers: { origin: ALLOWED } });
    expect(res.statusCode).toBe(401);
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
  });
});

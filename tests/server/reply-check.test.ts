/**
 * The tests' check of every reply against its route's documented schema (server/http/reply-check.ts):
 * what it catches, so that a green suite means the API reference tells the truth.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../../server/app";
import { envelopeOf } from "../../src/contract/replies";
import { createTestApp, type TestApp } from "./harness";

const thing = envelopeOf(z.object({ id: z.number().int(), name: z.string() }));
const ok = (replyMessage: unknown) => ({ success: true, replyMessage, message: null, errorMessage: null });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("sqlite");
});
afterAll(() => t.close());

describe("replies checked against their documented schema", () => {
  async function appAnswering(reply: (code: (status: number) => void) => unknown) {
    const { app } = await buildApp(t.config);
    app.get("/api/thing", { config: { access: "public" }, schema: { response: { 200: thing } } }, async (_request, res) => reply((status) => res.code(status as 200)));
    await app.ready();
    return app;
  }

  it.each([
    ["a field of another type", ok({ id: "7", name: "Seven" }), /replyMessage\.id: Invalid input: expected number, received string/],
    ["a missing field", ok({ id: 7 }), /replyMessage\.name: Invalid input/],
    ["a key the schema lacks", ok({ id: 7, name: "Seven", secret: "x" }), /a key the schema lacks/],
  ])("answers 500 naming the route, the status and the issue for %s", async (_case, body, issue) => {
    const app = await appAnswering(() => body);
    try {
      const res = await app.inject({ method: "GET", url: "/api/thing" });
      expect(res.statusCode).toBe(500);
      expect(res.json().errorMessage).toMatch(/^The reply of GET \/api\/thing \(200\) does not match its documented schema: /);
      expect(res.json().errorMessage).toMatch(issue);
      expect(app.replyMismatches).toEqual([res.json().errorMessage]);
    } finally {
      await app.close();
    }
  });

  it("refuses a status the route does not document", async () => {
    const app = await appAnswering((code) => {
      code(201);
      return ok({ id: 7, name: "Seven" });
    });
    try {
      const res = await app.inject({ method: "GET", url: "/api/thing" });
      expect(res.statusCode).toBe(500);
      expect(app.replyMismatches).toEqual([expect.stringMatching(/GET \/api\/thing \(201\) .*documents only 200, 4xx, 5xx$/)]);
    } finally {
      await app.close();
    }
  });

  it("passes a matching reply, written as JSON.stringify writes it", async () => {
    const app = await appAnswering(() => ok({ id: 7, name: "Seven" }));
    try {
      const res = await app.inject({ method: "GET", url: "/api/thing" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(ok({ id: 7, name: "Seven" })));
      expect(app.replyMismatches).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

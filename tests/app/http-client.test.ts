// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../../src/providers/http-client";
import type { ApiRequestError } from "../../src/providers/http-errors";
import { createSessionStore, type SessionEndReason } from "../../src/session/session-store";

/** An unsigned token with our claims; the client only decodes it. */
function fakeToken(userId: number, sub: string, roles: string[], tag: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ userId, sub, roles, exp: 9_999_999_999, tag })}.sig`;
}

const OLD = fakeToken(7, "admin", ["ADMIN"], "old");
const NEW = fakeToken(7, "admin", ["ADMIN"], "new");

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseURL: string;
let handler: Handler;
let refreshCalls: number;

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
};
const ok = (replyMessage: unknown) => ({ success: true, replyMessage, message: null, errorMessage: null });
const fail = (errorMessage: string) => ({ success: false, replyMessage: null, message: null, errorMessage });

beforeEach(async () => {
  refreshCalls = 0;
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function setup(options: { timeoutMs?: number; adapter?: AxiosAdapter; signedIn?: boolean; baseURL?: string } = {}) {
  const session = createSessionStore(undefined);
  if (options.signedIn !== false) session.signIn(OLD, { userId: 7, sub: "admin", roles: ["ADMIN"] });
  const ended: SessionEndReason[] = [];
  const transportErrors: ApiRequestError[] = [];
  const http = createHttpClient({
    baseURL: options.baseURL ?? baseURL,
    session,
    onSessionEnd: (reason, notice) => {
      ended.push(reason);
      session.end(reason, notice);
    },
    onTransportError: (error) => transportErrors.push(error),
    timeoutMs: options.timeoutMs,
    adapter: options.adapter,
  });
  return { http, session, ended, transportErrors };
}

/** Protected data answers 401 unless the new token is presented; POST / hands out the new token. */
function refreshingServer(refreshWorks: boolean, refreshDelayMs = 30) {
  const seen: string[] = [];
  handler = (req, res, body) => {
    if (req.method === "POST" && req.url === "/") {
      refreshCalls++;
      expect(req.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(body)).toEqual({});
      setTimeout(() => (refreshWorks ? send(res, 200, ok({ token: NEW })) : send(res, 401, fail("Session expired"))), refreshDelayMs);
      return;
    }
    seen.push(`${req.url} ${req.headers.authorization === `Bearer ${NEW}` ? "new" : "old"}`);
    if (req.headers.authorization !== `Bearer ${NEW}`) return send(res, 401, fail("Invalid or expired token"));
    send(res, 200, ok({ url: req.url }));
  };
  return seen;
}

describe("HTTP client", () => {
  it("sends the Bearer token and answers the envelope", async () => {
    handler = (req, res) => send(res, 200, ok({ auth: req.headers.authorization }));
    const { http } = setup();
    const response = await http.get("/api/passport/filter");
    expect(response.data.replyMessage).toEqual({ auth: `Bearer ${OLD}` });
  });

  it("sends no Authorization header when there is no token", async () => {
    handler = (req, res) => send(res, 200, ok({ auth: req.headers.authorization ?? "none" }));
    const { http } = setup({ signedIn: false });
    const response = await http.get("/api/passport/filter");
    expect(response.data.replyMessage).toEqual({ auth: "none" });
  });

  it("asks for cookies to be sent with every call, the token refresh included", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      const refresh = config.url === "/";
      const fresh = config.headers.Authorization === `Bearer ${NEW}`;
      const status = refresh || fresh ? 200 : 401;
      const data = refresh ? ok({ token: NEW }) : fresh ? ok(null) : fail("Invalid or expired token");
      const response = { data, status, statusText: String(status), headers: {}, config };
      if (status === 401) throw new AxiosError("Unauthorized", AxiosError.ERR_BAD_REQUEST, config, null, response);
      return response;
    };
    const { http } = setup({ adapter });
    await http.get("/api/a");
    expect(seen.map((c) => `${c.method} ${c.url}`)).toEqual(["get /api/a", "post /", "get /api/a"]);
    expect(seen.map((c) => c.withCredentials)).toEqual([true, true, true]);
  });

  it("calls the configured base URL, and refreshes with a POST to its root", async () => {
    const seen: string[] = [];
    handler = (req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization === `Bearer ${NEW}` ? "new" : "old"}`);
      if (req.method === "POST" && req.url === "/backend/") return send(res, 200, ok({ token: NEW }));
      if (req.headers.authorization !== `Bearer ${NEW}`) return send(res, 401, fail("Invalid or expired token"));
      send(res, 200, ok(null));
    };
    const { http, session } = setup({ baseURL: `${baseURL}/backend` });
    await http.get("/api/passport/filter");
    expect(seen).toEqual(["GET /backend/api/passport/filter old", "POST /backend/ old", "GET /backend/api/passport/filter new"]);
    expect(session.get().token).toBe(NEW);
  });

  it("without a base URL calls the origin that served the app (relative URLs)", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      return { data: ok(null), status: 200, statusText: "OK", headers: {}, config };
    };
    const { http } = setup({ baseURL: "", adapter });
    await http.get("/api/a");
    expect(http.getUri(seen[0])).toBe("/api/a");
  });

  it("two concurrent 401s cause exactly one refresh, and both calls are retried with the new token", async () => {
    const seen = refreshingServer(true);
    const { http, session, ended } = setup();
    const [a, b] = await Promise.all([http.get("/api/a"), http.get("/api/b")]);
    expect(refreshCalls).toBe(1);
    expect(a.data.replyMessage).toEqual({ url: "/api/a" });
    expect(b.data.replyMessage).toEqual({ url: "/api/b" });
    expect(seen.filter((s) => s.endsWith("new")).sort()).toEqual(["/api/a new", "/api/b new"]);
    expect(session.get().token).toBe(NEW);
    expect(session.get().user).toEqual({ userId: 7, sub: "admin", roles: ["ADMIN"] });
    expect(ended).toEqual([]);
  });

  it("a failed refresh logs out and rejects the original calls", async () => {
    refreshingServer(false);
    const { http, session, ended } = setup();
    const results = await Promise.allSettled([http.get("/api/a"), http.get("/api/b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(refreshCalls).toBe(1);
    expect(ended.length).toBeGreaterThan(0);
    expect(new Set(ended)).toEqual(new Set(["refresh-failed"]));
    expect(session.get().token).toBeNull();
  });

  it("keeps why the server ended the session (its refresh reply) as the notice for the sign-in page", async () => {
    const idle = "Your session ended after 30 minutes without activity. Please sign in again.";
    handler = (req, res) => {
      if (req.method === "POST" && req.url === "/") return send(res, 401, fail(idle));
      send(res, 401, fail(idle));
    };
    const { http, session, ended } = setup();
    await expect(http.get("/api/a")).rejects.toMatchObject({ statusCode: 401 });
    expect(ended).toEqual(["refresh-failed"]);
    expect(session.endNotice()).toBe(idle);
    // Signing in again forgets it.
    session.signIn(NEW, { userId: 7, sub: "admin", roles: ["ADMIN"] });
    expect(session.endNotice()).toBeUndefined();
  });

  it("leaves no notice when the refresh could not reach the server (the network toast says so)", async () => {
    handler = (req, res) => {
      if (req.method === "POST" && req.url === "/") return req.socket.destroy();
      send(res, 401, fail("Invalid or expired token"));
    };
    const { http, session, ended } = setup();
    await expect(http.get("/api/a")).rejects.toBeTruthy();
    expect(ended).toEqual(["refresh-failed"]);
    expect(session.endNotice()).toBeUndefined();
  });

  it("403 logs out without trying to refresh", async () => {
    handler = (_req, res) => send(res, 403, fail("Forbidden"));
    const { http, session, ended } = setup();
    await expect(http.get("/slot/get-all-slots")).rejects.toMatchObject({ statusCode: 403, message: "Forbidden" });
    expect(ended).toEqual(["forbidden"]);
    expect(refreshCalls).toBe(0);
    expect(session.get().token).toBeNull();
  });

  it("does not refresh when the login call itself answers 401", async () => {
    handler = (_req, res) => send(res, 401, fail("Invalid username or password"));
    const { http, ended } = setup();
    await expect(http.post("/auth/login", { username: "x", password: "y" })).rejects.toMatchObject({
      statusCode: 401,
      message: "Invalid username or password",
    });
    expect(refreshCalls).toBe(0);
    expect(ended).toEqual([]);
  });

  it("reports an unparsable reply as PARSING_ERROR", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>oops</html>");
    };
    const { http, transportErrors } = setup();
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: "PARSING_ERROR" });
    expect(transportErrors.map((e) => e.code)).toEqual(["PARSING_ERROR"]);
  });

  it("reports a time-out as TIMEOUT_ERROR", async () => {
    handler = (_req, res) => setTimeout(() => send(res, 200, ok(null)), 300);
    const { http, transportErrors } = setup({ timeoutMs: 50 });
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: "TIMEOUT_ERROR" });
    expect(transportErrors.map((e) => e.code)).toEqual(["TIMEOUT_ERROR"]);
  });

  it("reports an unreachable server as FETCH_ERROR", async () => {
    handler = (_req, res) => send(res, 200, ok(null));
    const { http, transportErrors } = setup();
    await new Promise((resolve) => server.close(resolve));
    server = createServer(); // afterEach closes this one
    server.listen(0, "127.0.0.1");
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: "FETCH_ERROR" });
    expect(transportErrors.map((e) => e.code)).toEqual(["FETCH_ERROR"]);
  });

  it("a cancelled call rejects as ABORTED and raises no notification", async () => {
    handler = (_req, res) => setTimeout(() => send(res, 200, ok(null)), 300);
    const { http, transportErrors } = setup();
    const controller = new AbortController();
    const call = http.get("/api/a", { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toMatchObject({ code: "ABORTED", statusCode: 0 });
    expect(transportErrors).toEqual([]);
  });

  it("axios's ECONNABORTED (\"Request aborted\", e.g. the page was left) is ABORTED, not a time-out, and raises no notification", async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError("Request aborted", AxiosError.ECONNABORTED, config);
    };
    const { http, transportErrors } = setup({ adapter });
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: "ABORTED" });
    expect(transportErrors).toEqual([]);
  });
});

describe("the app's HTTP client and VITE_API_URL (README configuration)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** The providers read the environment once, when they are first imported. */
  async function appClient(apiUrl: string) {
    vi.stubEnv("VITE_API_URL", apiUrl);
    vi.resetModules();
    return (await import("../../src/providers")).http;
  }

  it("defaults to the origin that served the app", async () => {
    const http = await appClient("");
    expect(http.getUri({ url: "/auth/get-user/1" })).toBe("/auth/get-user/1");
    expect(http.defaults.withCredentials).toBe(true);
  });

  it("calls VITE_API_URL when set, a trailing slash ignored", async () => {
    const http = await appClient("https://api.example.com/v1/");
    expect(http.getUri({ url: "/auth/get-user/1" })).toBe("https://api.example.com/v1/auth/get-user/1");
    expect(http.getUri({ url: "/" })).toBe("https://api.example.com/v1/");
  });
});

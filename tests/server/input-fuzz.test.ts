/**
 * Issue 25, point 1: no request body, query or header reaches a 5xx on either database. Every
 * registered route is called by each kind of caller with overlong and random values in its path,
 * query, headers and body (JSON, or multipart where the route takes files), from a seeded generator
 * so a failure replays. A reply of 500 or more fails, naming the request.
 */
import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../../server/app";
import { SignInThrottle } from "../../server/auth/sign-in-throttle";
import type { Role } from "../../src/contract";
import { DECLARED_RESOURCES } from "../../src/resources/declared";
import { insertSample, sampleValues } from "./declared-samples";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";
import { multipart, pdfPart, type UploadPart } from "./uploads";

/** Mulberry32: a small seeded generator, so a failing request can be sent again. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  return { next, pick };
}

const LONG = (n: number, char = "a") => char.repeat(n);
/** Text that does not compress (PostgreSQL compresses a long repeated value below its index limits). */
function randomText(n: number, seed: number): string {
  const { pick } = generator(seed);
  const alphabet = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789অআইঈউঊকখগঘচছজঝটঠডঢণতথদধনপফবভমযরলশষসহ"];
  return Array.from({ length: n }, () => pick(alphabet)).join("");
}
/** Values that have made servers fail before: overlong, hidden characters, numbers no column holds, other types. */
const STRINGS = [
  "",
  " ",
  LONG(101),
  LONG(3_000),
  randomText(101, 1),
  randomText(3_000, 2),
  LONG(20_000, "ঁ"),
  "\u0000",
  "a\u0000b",
  "\u202Enimdarepus",
  "\u200B\u200C\u200D\uFEFF",
  "\uD800",
  "\uDFFF\uD800",
  "\u0007\u001B[31m",
  "%",
  "_%\\",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "2024-02-30",
  "0000-01-01",
  "9999-12-31T23:59:60Z",
  "-1",
  "0",
  "1e309",
  "2147483648",
  "99999999999999999999999",
  "NaN",
  "true",
  "PENDING",
  "WORKVISA",
  "01712345678",
  "__proto__",
  "constructor",
];
/** As a URL carries it: a lone surrogate becomes bytes that are not UTF-8 at all. */
const inUrl = (value: string) => (/[\uD800-\uDFFF]/.test(value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")) ? "%ED%A0%80" : encodeURIComponent(value));
const VALUES: unknown[] = [...STRINGS, -1, 0, 1.5, 2 ** 31, 2 ** 53 + 1, 1e308, true, false, null, [], ["a"], {}, { a: 1 }, [LONG(5_000)]];
/** A value each field takes; each request sends them with one to three changed to a bad value. */
const GOOD: Record<string, unknown> = {
  username: "fuzz.agent", password: TEST_PASSWORD, currentPassword: TEST_PASSWORD, newPassword: "secret456", email: "fuzz@example.com",
  contactNumber: "01712345678", emergencyContactNumber: "01812345678", address: "Mirpur 10, Dhaka", nidNo: "1990123456789",
  passportNo: "EB1234567", fullName: "Mohammad Rahim", fathersName: "Abdul Karim", mothersName: "Rahima Begum", schooling: "SSC",
  maritalStatus: "Single", telephone: "01712345678", agentId: "1", agentName: "fuzz.agent", contractAmount: 50000,
  passportIssueDate: "2022-01-01", passportExpireDate: "2032-01-01", visaType: "WORKVISA", dob: "1995-05-05", slot: "FUZZ-1",
  slotName: "FUZZ-2", commentByAdmin: "Checked", commentBySuperAdmin: "Fine", visaIssueDate: "2026-01-15", visaExpireDate: "2027-01-14",
  flightScheduleDate: "2026-03-01T04:30:00.000Z", isSuperAdminApproved: "PENDING", roleName: "AGENT", agentrole: "AGENT",
};
const QUERY_KEYS = [
  "page", "size", "fullName", "passportNo", "telephone", "agentName", "slot", "visaType", "isSuperAdminApproved", "agentId",
  "username", "kind", "roleName", "visaExpireFrom", "visaExpireTo", "flightFrom", "statusChangedTo", "isWorkPermitApproved",
];
const FILE_FIELDS = ["educational", "recentPic", "passport", "nid", "policeClearence", "utilityBill", "bankStatement", "experienceLetter", "file"];
const MULTIPART_ROUTES = new Set([
  "POST /api/passport/add",
  "PUT /api/passport/:id/update",
  "POST /auth/signup",
  "PUT /auth/update-user/:userId",
  "POST /api/passport/import",
  ...DECLARED_RESOURCES.filter((r) => !r.legacy).map((r) => `POST /api/${r.name}/import`),
]);
const ROUNDS_PER_ROUTE = 20;
/** Sent in each field, query key and path parameter in turn, everything else good. */
const DANGEROUS: unknown[] = [randomText(3_000, 3), randomText(101, 4), "a\u0000b", "\u202E\u200B", "\uD800", "99999999999999999999", 2 ** 31, { a: 1 }];

type Caller = "anonymous" | Role;
const CALLERS: Caller[] = ["anonymous", "AGENT", "ADMIN", "SUPER_ADMIN"];

describe.each(DIALECTS)("random and overlong input on %s", (dialect) => {
  let t: TestApp;
  let passportId: number;
  let slotId: number;
  let agentId: number;
  /** Each REST declared resource's path, a record of it, and values its create takes. */
  const declared: { path: string; id: number; good: Record<string, unknown>; queryKeys: string[] }[] = [];

  const salt = randomBytes(16);
  const cheapHash = ["scrypt", 1024, 8, 1, salt.toString("base64"), scryptSync(TEST_PASSWORD.normalize("NFKC"), salt, 32, { N: 1024, r: 8, p: 1 }).toString("base64")].join("$");

  /** A user of each role whose password is hashed cheaply (the fuzz signs in again often). */
  async function cheapUserWithRole(username: string, role: Role): Promise<number> {
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto("users")
      .values({
        username, email: `${username}@example.com`, password_hash: cheapHash,
        contact_number: "01712345678", emergency_contact_number: "01812345678", address: "Dhaka", nid_no: "1234567890", passport_no: "A1234567",
        created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const roleRow = await t.db.selectFrom("roles").select("id").where("name", "=", role).executeTakeFirstOrThrow();
    await t.db.insertInto("user_roles").values({ user_id: row.id, role_id: roleRow.id }).execute();
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: { signInThrottledDelayMs: 0 } });
    agentId = await cheapUserWithRole("fuzz.agent", "AGENT");
    await cheapUserWithRole("fuzz.admin", "ADMIN");
    await cheapUserWithRole("fuzz.super", "SUPER_ADMIN");
    const slot = await createSlot(t, "FUZZ-1");
    slotId = slot.id;
    passportId = await insertPassport(t, { agentId, slotId, status: "PENDING" });
    const adminId = (await t.db.selectFrom("users").select("id").where("username", "=", "fuzz.admin").executeTakeFirstOrThrow()).id;
    for (const resource of DECLARED_RESOURCES.filter((r) => !r.legacy)) {
      const good = await sampleValues(t, resource, DECLARED_RESOURCES, adminId);
      const id = await insertSample(t, resource, DECLARED_RESOURCES, { createdBy: adminId });
      const fieldKeys = Object.keys(resource.fields).flatMap((name) => [name, `${name}_ne`, `${name}_gte`, `${name}_lte`, `${name}_like`]);
      declared.push({ path: `/api/${resource.name}`, id, good, queryKeys: ["_start", "_end", "_sort", "_order", "q", "id", ...fieldKeys] });
    }
  });
  const declaredOf = (route: RegisteredRoute) => declared.find((d) => route.url === d.path || route.url.startsWith(`${d.path}/`));
  /** Values the route's body takes, to send with one of them made bad. */
  const goodBodyOf = (route: RegisteredRoute): Record<string, unknown> => ({ ...(declaredOf(route)?.good ?? { ...GOOD, agentId: String(agentId) }) });
  const queryKeysOf = (route: RegisteredRoute) => declaredOf(route)?.queryKeys ?? QUERY_KEYS;
  const realId = (route: RegisteredRoute) => declaredOf(route)?.id ?? (route.url.startsWith("/slot/") ? slotId : passportId);
  afterAll(() => t.close());

  /** Fresh tokens for each route: a route may sign its caller out, disable or lock them, or change their password. */
  async function signIn(): Promise<Record<Caller, TestUser | undefined>> {
    await t.db.updateTable("users").set({ disabled_at: null, password_hash: cheapHash }).execute();
    await t.db.deleteFrom("sign_in_throttle").execute();
    const token = async (username: string) => {
      const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: TEST_PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      return { id: 0, username, token: res.json().replyMessage.token as string };
    };
    return { anonymous: undefined, AGENT: await token("fuzz.agent"), ADMIN: await token("fuzz.admin"), SUPER_ADMIN: await token("fuzz.super") };
  }

  const routes = () => t.app.routeTable.filter((r) => !(r.method === "GET" && r.url === "/*") && r.method !== "OPTIONS");
  const takesBody = (route: RegisteredRoute) => route.method !== "GET" && route.method !== "DELETE";
  /** Lists, and the milestone and date updates, which carry the list's query (spec §7). */
  const takesQuery = (route: RegisteredRoute) => route.method === "GET" || /^\/api\/passport\/:id\/(update-|:segment)/.test(route.url);
  const isMultipart = (route: RegisteredRoute) => MULTIPART_ROUTES.has(`${route.method} ${route.url}`);
  /** The callers the route admits (anonymous for a public route), so that a request reaches its handler. */
  const admitted = (route: RegisteredRoute): Caller[] =>
    route.access === "public" ? ["anonymous", "AGENT"] : route.access === "authenticated" || route.access === undefined ? ["AGENT", "ADMIN", "SUPER_ADMIN"] : [...route.access];

  interface Sent {
    caller: Caller;
    route: RegisteredRoute;
    params?: (name: string) => string;
    query?: URLSearchParams;
    headers?: Record<string, string>;
    body?: unknown;
    files?: Record<string, UploadPart | string>;
    /** A raw JSON body and its content type, instead of `body`. */
    raw?: { payload: string; contentType: string };
  }

  /** Sends the request; a reply of 500 or more (but a 503 with Retry-After) is a failure, named. */
  async function send(callers: Record<Caller, TestUser | undefined>, sent: Sent, failures: string[]): Promise<void> {
    const { route } = sent;
    const realParam = (name: string) => String(name === "id" ? realId(route) : name === "agentId" ? agentId : 1);
    const path = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (sent.params ?? realParam)(name)) || "/";
    const url = `${path}${sent.query?.size ? `?${sent.query}` : ""}`;
    const headers = { ...sent.headers };
    let payload: string | Buffer | undefined;
    if (sent.raw) {
      payload = sent.raw.payload;
      headers["content-type"] = sent.raw.contentType;
    } else if (takesBody(route) && isMultipart(route)) {
      const form = await multipart(sent.body, sent.files);
      payload = form.payload;
      Object.assign(headers, form.headers);
    } else if (takesBody(route)) {
      payload = JSON.stringify(sent.body ?? {});
      headers["content-type"] = "application/json";
    }
    const res = await call(t, callers[sent.caller], { method: route.method as "GET", url, headers, payload });
    if (res.statusCode >= 500 && !(res.statusCode === 503 && res.headers["retry-after"])) {
      failures.push(`${sent.caller} ${route.method} ${url.slice(0, 200)} ${String(payload ?? "").slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  }

  it("answers each bad value in each field below 500, the other fields being good", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const callers = await signIn();
      const [caller] = admitted(route);
      const good = goodBodyOf(route);
      for (const [i, bad] of DANGEROUS.entries()) {
        if (takesBody(route)) {
          for (const field of Object.keys(good)) await send(callers, { caller, route, body: { ...good, [field]: bad } }, failures);
        }
        if (takesQuery(route)) {
          for (const key of queryKeysOf(route)) await send(callers, { caller, route, body: good, query: new URLSearchParams({ [key]: String(bad) }) }, failures);
        }
        const params = () => (typeof bad === "string" ? inUrl(bad) : String(bad));
        if (route.url.includes(":")) await send(callers, { caller, route, body: good, params }, failures);
        if (i === 0 && takesBody(route)) {
          for (const payload of ["{", "[1,", LONG(50_000, "["), '{"__proto__":{"x":1}}', "null", "[]", '"text"']) {
            await send(callers, { caller, route, raw: { payload, contentType: "application/json" } }, failures);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers random requests below 500, whoever calls and whatever is sent", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const [index, route] of routes().entries()) {
      const callers = await signIn();
      const { next, pick } = generator(index + 1);
      const params = (name: string) => {
        if (next() < 0.4) return name === "id" ? String(realId(route)) : name === "agentId" ? String(agentId) : "1";
        if (name === "segment") return pick(["work-permit-approval-status", "visa-granted-status", LONG(300)]);
        if (name === "status" || name === "enabled") return pick(["true", "false", "maybe", LONG(200)]);
        return inUrl(pick(STRINGS));
      };
      for (let round = 0; round < ROUNDS_PER_ROUTE; round++) {
        const caller = next() < 0.7 ? pick(admitted(route)) : pick(CALLERS);
        const query = new URLSearchParams();
        for (let i = 0; i < Math.floor(next() * 4); i++) query.append(pick(queryKeysOf(route)), String(pick(STRINGS)));
        const headers: Record<string, string> = {};
        if (next() < 0.3) headers["user-agent"] = pick([LONG(8_000, "\u202E"), randomText(6_000, round)]);
        if (next() < 0.2) headers.cookie = `refresh_token=${inUrl(pick(STRINGS))}`;
        if (next() < 0.2) headers.origin = pick(["null", "http://evil.example", LONG(2_000)]);
        const body = goodBodyOf(route);
        for (let i = 0; i < 1 + Math.floor(next() * 3); i++) {
          const field = pick(Object.keys(body));
          if (next() < 0.15) delete body[field];
          else body[field] = pick(VALUES);
        }
        const files: Record<string, UploadPart | string> = {};
        if (isMultipart(route) && next() < 0.5) files[pick(FILE_FIELDS)] = pdfPart(pick(["cv.pdf", `${LONG(400)}.pdf`, "\u202Efdp.exe"]));
        if (isMultipart(route) && next() < 0.3) files[pick(FILE_FIELDS)] = pick(STRINGS);
        const shape = next();
        const raw =
          takesBody(route) && !isMultipart(route) && shape > 0.8
            ? { payload: shape < 0.9 ? JSON.stringify(pick(VALUES)) : pick(["{", "[1,", LONG(50_000, "[")]), contentType: pick(["application/json", "text/plain", "application/x-www-form-urlencoded"]) }
            : undefined;
        await send(callers, { caller, route, params, query, headers, body: isMultipart(route) && shape > 0.9 ? pick(STRINGS) : body, files, raw }, failures);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each([3_000, 200_000])("answers a sign-in with a username of %i characters 400, with the field's message", async (length) => {
    const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: LONG(length, "x"), password: "whatever1" } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { username: "Must be at most 100 characters" } });
  });

  it("keeps the throttle's keys bounded whatever name it is given (hashed when long)", async () => {
    const throttle = new SignInThrottle(t.db, { signInMaxFailures: 5, signInAddressMaxFailures: 30, signInWindowSeconds: 900 });
    const verdict = await throttle.begin(LONG(200_000, "ঙ"), "203.0.113.9");
    expect(verdict.throttled).toBe(false);
    const keys = await t.db.selectFrom("sign_in_throttle").select("key").execute();
    expect(keys.map((k) => k.key)).toContainEqual(expect.stringMatching(/^user-sha256:[0-9a-f]{64}$/));
  });
});

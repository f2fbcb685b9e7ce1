/**
 * Starting the server: settings from the environment, demo data on a first start, the production
 * bootstrap admin, the built web app beside the API, and a real process answering on a port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { fileTypeFromBuffer } from "file-type";
import { Kysely, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { ConfigError, loadConfig } from "../../server/config";
import { migrateToLatest } from "../../server/db/migrate";
import type { DB } from "../../server/db/schema";
import { fromDbBool, fromDbCount } from "../../server/db/values";
import { seedDemoData } from "../../server/seed/demo";
import { DATE_COLUMNS, MILESTONE_COLUMNS } from "../../server/passports/mapper";
import { BD_PHONE, PASSPORT_STATUSES, passportFieldsSchema } from "../../src/contract";
import { demandLetters } from "../../src/resources/demand-letters";
import { employers } from "../../src/resources/employers";
import { recordSchema } from "../../src/resources/model";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const DEMO = [
  { username: "superadmin", password: "superadmin123", role: "SUPER_ADMIN" },
  { username: "admin", password: "admin123", role: "ADMIN" },
  { username: "agent", password: "agent123", role: "AGENT" },
  { username: "agent2", password: "agent123", role: "AGENT" },
];

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function count(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return fromDbCount(row.n);
}

function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
}

describe("settings from the environment", () => {
  const sqliteEnv = () => ({ DATABASE_URL: `sqlite:${join(tempDir("cfg-"), "data", "app.db")}` });

  it("has the documented defaults", () => {
    const { app, listen } = loadConfig(sqliteEnv());
    expect(listen).toEqual({ port: 3000, host: "0.0.0.0" });
    expect(app.accessTokenTtlSeconds).toBe(900);
    expect(app.maxUploadBytes).toBe(5 * 1024 * 1024);
    expect(app.production).toBe(false);
    expect(app.seedDemoData).toBe(true);
    expect(app.corsOrigin).toBeUndefined();
    expect(app.staticDir).toBe(resolve("dist"));
    expect(app).toMatchObject({ sessionIdleSeconds: 1800, sessionMaxAgeSeconds: 43200, refreshGraceSeconds: 30 });
    expect(loadConfig({ JWT_SECRET: "s".repeat(32) }).app.databaseUrl).toBe("sqlite:data/app.db");
    expect(app.trustProxy).toBeUndefined();
    expect(app.limits).toEqual({
      signInMaxFailures: 5,
      signInAddressMaxFailures: 30,
      signInWindowSeconds: 900,
      signInThrottledDelayMs: 1000,
      passwordHashConcurrency: 2,
      passwordHashWaitMs: 2000,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      connectionsCheckIntervalMs: 1_000,
      maxConnections: 500,
      attachmentRepliesPerUser: 2,
      exportXlsxMaxRows: 100_000,
      importMaxBytes: 20 * 1024 * 1024,
      importMaxRows: 50_000,
    });
  });

  it("reads every setting", () => {
    const { app, listen } = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://u:p@db:5432/agency",
      JWT_SECRET: "s".repeat(40),
      ACCESS_TOKEN_TTL: "300",
      CORS_ORIGIN: "https://app.example.com, https://admin.example.com",
      MAX_UPLOAD_MB: "2",
      STATIC_DIR: "/srv/web",
      BOOTSTRAP_ADMIN_USERNAME: "root",
      BOOTSTRAP_ADMIN_PASSWORD: "rootpass1",
      LOG_REQUESTS: "1",
      TRUST_PROXY: "10.0.0.1, 10.1.0.0/16, fd00::/8, loopback",
      SIGN_IN_MAX_FAILURES: "3",
      SIGN_IN_ADDRESS_MAX_FAILURES: "0",
      SIGN_IN_WINDOW_SECONDS: "600",
      SIGN_IN_THROTTLED_DELAY_MS: "0",
      PASSWORD_HASH_CONCURRENCY: "1",
      PASSWORD_HASH_WAIT_MS: "500",
      REQUEST_TIMEOUT_MS: "20000",
      HEADERS_TIMEOUT_MS: "5000",
      KEEP_ALIVE_TIMEOUT_MS: "65000",
      CONNECTIONS_CHECK_INTERVAL_MS: "250",
      MAX_CONNECTIONS: "2000",
      ATTACHMENT_REPLIES_PER_USER: "4",
      EXPORT_XLSX_MAX_ROWS: "5000",
      MAX_IMPORT_MB: "8",
      MAX_IMPORT_ROWS: "2000",
      SESSION_IDLE_TIMEOUT: "600",
      SESSION_MAX_AGE: "28800",
      REFRESH_GRACE_PERIOD: "0",
    });
    expect(listen).toEqual({ port: 8080, host: "127.0.0.1" });
    expect(app).toMatchObject({
      databaseUrl: "postgres://u:p@db:5432/agency",
      jwtSecret: "s".repeat(40),
      accessTokenTtlSeconds: 300,
      corsOrigin: ["https://app.example.com", "https://admin.example.com"],
      maxUploadBytes: 2 * 1024 * 1024,
      production: true,
      seedDemoData: false,
      staticDir: "/srv/web",
      bootstrapAdmin: { username: "root", password: "rootpass1" },
      logger: true,
      trustProxy: ["10.0.0.1", "10.1.0.0/16", "fd00::/8", "loopback"],
      limits: {
        signInMaxFailures: 3,
        signInAddressMaxFailures: 0,
        signInWindowSeconds: 600,
        signInThrottledDelayMs: 0,
        passwordHashConcurrency: 1,
        passwordHashWaitMs: 500,
        requestTimeoutMs: 20_000,
        headersTimeoutMs: 5_000,
        keepAliveTimeoutMs: 65_000,
        connectionsCheckIntervalMs: 250,
        maxConnections: 2000,
        attachmentRepliesPerUser: 4,
        exportXlsxMaxRows: 5000,
        importMaxBytes: 8 * 1024 * 1024,
        importMaxRows: 2000,
      },
      sessionIdleSeconds: 600,
      sessionMaxAgeSeconds: 28800,
      refreshGraceSeconds: 0,
    });
  });

  it.each([
    ["2", 2],
    ["false", undefined],
    ["0", undefined],
    ["", undefined],
    ["127.0.0.1", ["127.0.0.1"]],
  ])("reads TRUST_PROXY=%o", (value, expected) => {
    expect(loadConfig({ ...sqliteEnv(), TRUST_PROXY: value }).app.trustProxy).toEqual(expected);
  });

  it("accepts PORT=0 (any free port)", () => {
    expect(loadConfig({ ...sqliteEnv(), PORT: "0" }).listen.port).toBe(0);
  });

  it.each(["::", "::1", "127.0.0.1", "localhost", "api-1.agency.internal"])("accepts HOST=%s", (host) => {
    expect(loadConfig({ ...sqliteEnv(), HOST: host }).listen.host).toBe(host);
  });

  it("accepts exact origins with a port or an IPv6 host, and ignores blank entries", () => {
    const origins = loadConfig({ ...sqliteEnv(), CORS_ORIGIN: "http://localhost:5173,, http://[::1]:8080 ," }).app.corsOrigin;
    expect(origins).toEqual(["http://localhost:5173", "http://[::1]:8080"]);
    expect(loadConfig({ ...sqliteEnv(), CORS_ORIGIN: " , " }).app.corsOrigin).toBeUndefined();
  });

  const corsMessage = (origin: string) =>
    `CORS_ORIGIN must list exact origins such as https://app.example.com (scheme://host[:port], no "*", no path, no trailing slash), got "${origin}"`;
  const hostMessage = (host: string) => `HOST must be an IP address or a host name such as 0.0.0.0, :: or localhost, got "${host}"`;

  it.each<[Record<string, string>, string]>([
    [{ PORT: "abc" }, 'PORT must be a whole number from 0 to 65535, got "abc"'],
    [{ PORT: "70000" }, 'PORT must be a whole number from 0 to 65535, got "70000"'],
    [{ PORT: "-1" }, 'PORT must be a whole number from 0 to 65535, got "-1"'],
    [{ DATABASE_URL: "mysql://localhost/app" }, 'DATABASE_URL must be "sqlite:<path>" or a postgres:// URL, got "mysql://localhost/app"'],
    [{ DATABASE_URL: "data/app.db" }, 'DATABASE_URL must be "sqlite:<path>" or a postgres:// URL, got "data/app.db"'],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" }, "JWT_SECRET is required when NODE_ENV=production"],
    [{ DATABASE_URL: "postgres://db/app" }, "JWT_SECRET is required with a PostgreSQL DATABASE_URL"],
    [{ JWT_SECRET: "too-short" }, "JWT_SECRET must be at least 32 characters"],
    [{ BOOTSTRAP_ADMIN_USERNAME: "root" }, "Set both BOOTSTRAP_ADMIN_USERNAME and BOOTSTRAP_ADMIN_PASSWORD, or neither"],
    [{ BOOTSTRAP_ADMIN_PASSWORD: "rootpass1" }, "Set both BOOTSTRAP_ADMIN_USERNAME and BOOTSTRAP_ADMIN_PASSWORD, or neither"],
    [{ ACCESS_TOKEN_TTL: "0" }, 'ACCESS_TOKEN_TTL must be a positive whole number, got "0"'],
    [{ MAX_UPLOAD_MB: "1.5" }, 'MAX_UPLOAD_MB must be a positive whole number, got "1.5"'],
    [{ SIGN_IN_MAX_FAILURES: "0" }, 'SIGN_IN_MAX_FAILURES must be a positive whole number, got "0"'],
    [{ SIGN_IN_ADDRESS_MAX_FAILURES: "-1" }, 'SIGN_IN_ADDRESS_MAX_FAILURES must be a whole number (0 or more), got "-1"'],
    [{ PASSWORD_HASH_CONCURRENCY: "two" }, 'PASSWORD_HASH_CONCURRENCY must be a positive whole number, got "two"'],
    [{ REQUEST_TIMEOUT_MS: "0" }, 'REQUEST_TIMEOUT_MS must be a positive whole number, got "0"'],
    [{ MAX_CONNECTIONS: "1e3" }, 'MAX_CONNECTIONS must be a positive whole number, got "1e3"'],
    [{ REQUEST_TIMEOUT_MS: "5000", HEADERS_TIMEOUT_MS: "6000" }, "HEADERS_TIMEOUT_MS (6000) must not exceed REQUEST_TIMEOUT_MS (5000)"],
    ...["true", "*", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "10.0.0.1, nonsense"].map(
      (value): [Record<string, string>, string] => [{ TRUST_PROXY: value }, "TRUST_PROXY must be a hop count or a comma-separated list"],
    ),
    [{ SESSION_IDLE_TIMEOUT: "0" }, 'SESSION_IDLE_TIMEOUT must be a positive whole number, got "0"'],
    [{ SESSION_MAX_AGE: "12h" }, 'SESSION_MAX_AGE must be a positive whole number, got "12h"'],
    [{ REFRESH_GRACE_PERIOD: "-1" }, 'REFRESH_GRACE_PERIOD must be a whole number (0 or more), got "-1"'],
    ...["*", "https://*.example.com", "https://app.example.com/", "https://app.example.com/app", "app.example.com", "https://app.example.com:443", "null"].map(
      (origin): [Record<string, string>, string] => [{ CORS_ORIGIN: origin }, corsMessage(origin)],
    ),
    [{ CORS_ORIGIN: "https://app.example.com, *" }, corsMessage("*")],
    ...["", " ", "http://localhost", "localhost:3000", "0.0.0.0 ", "-bad.example.com"].map(
      (host): [Record<string, string>, string] => [{ HOST: host }, hostMessage(host)],
    ),
  ])("rejects %o", (env, message) => {
    const load = () => loadConfig({ ...sqliteEnv(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it("generates the embedded JWT secret once, beside the database, and reuses it", () => {
    const env = sqliteEnv();
    const first = loadConfig(env).app.jwtSecret;
    const secretFile = join(env.DATABASE_URL.slice("sqlite:".length), "..", "jwt-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile, "utf8").trim()).toBe(first);
    expect(statSync(secretFile).mode & 0o077).toBe(0); // readable by the owner only
    expect(loadConfig(env).app.jwtSecret).toBe(first);
    expect(loadConfig(sqliteEnv()).app.jwtSecret).not.toBe(first); // another data folder, another secret
  });
});

describe("demo data generation", () => {
  it("is the same on every fresh start", async () => {
    const names: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
      await migrateToLatest(db, "sqlite");
      const hashes = new Map(DEMO.map((a) => [a.password, "not-a-hash"]));
      await db.transaction().execute((trx) => seedDemoData(trx, hashes, new Date("2026-03-01T10:00:00Z")));
      names.push((await db.selectFrom("passports").select(["full_name", "passport_no"]).orderBy("id").execute()).map((r) => `${r.full_name}|${r.passport_no}`));
      await db.destroy();
    }
    expect(names[0].length).toBeGreaterThan(150);
    expect(names[1]).toEqual(names[0]);
  });
});

describe.each(DIALECTS)("first start on %s", (dialect) => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof buildApp>>["seededAccounts"];
  beforeAll(async () => {
    t = await createTestApp(dialect); // an empty database, no demo data
    const first = await buildApp({ ...t.config, seedDemoData: true });
    seeded = first.seededAccounts;
    await first.app.close();
  });
  afterAll(() => t.close());

  it("answers the four demo accounts to print, and each signs in with its password", async () => {
    expect(seeded).toEqual(DEMO);
    for (const account of DEMO) {
      const res = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: account.username, password: account.password } });
      expect(res.statusCode, account.username).toBe(200);
      expect(jwtPayload(res.json().replyMessage.token)).toMatchObject({ sub: account.username, roles: [account.role] });
    }
    const wrong = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "admin", password: "agent123" } });
    expect(wrong.statusCode).toBe(401);
  });

  it("gives the accounts valid contact details", async () => {
    const users = await t.db.selectFrom("users").selectAll().orderBy("id").execute();
    expect(users.map((u) => u.username)).toEqual(DEMO.map((a) => a.username));
    for (const u of users) {
      expect(u.contact_number).toMatch(BD_PHONE);
      expect(u.emergency_contact_number).toMatch(BD_PHONE);
      expect(u.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(u.address).toMatch(/Dhaka/);
    }
  });

  it("seeds slots and about 200 passports over every status, each valid for the passport form", async () => {
    expect(await count(t.db, "slots")).toBeGreaterThanOrEqual(3);
    const passports = await t.db
      .selectFrom("passports")
      .innerJoin("slots", "slots.id", "passports.slot_id")
      .selectAll("passports")
      .select("slots.slot_name")
      .execute();
    expect(passports.length).toBeGreaterThanOrEqual(180);
    expect(passports.length).toBeLessThanOrEqual(220);
    expect(new Set(passports.map((p) => p.status))).toEqual(new Set(PASSPORT_STATUSES));
    for (const status of PASSPORT_STATUSES) expect(passports.filter((p) => p.status === status).length, status).toBeGreaterThanOrEqual(10);

    const ids = Object.fromEntries((await t.db.selectFrom("users").select(["id", "username"]).execute()).map((u) => [u.username, u.id]));
    expect(new Set(passports.map((p) => p.agent_id))).toEqual(new Set([ids.agent, ids.agent2]));
    expect(new Set(passports.map((p) => p.admin_id))).toEqual(new Set([ids.admin]));
    expect(new Set(passports.map((p) => p.passport_no)).size).toBe(passports.length);

    for (const p of passports) {
      const form = passportFieldsSchema.safeParse({
        fullName: p.full_name,
        passportNo: p.passport_no,
        fathersName: p.fathers_name,
        mothersName: p.mothers_name,
        schooling: p.schooling,
        maritalStatus: p.marital_status,
        telephone: p.telephone,
        agentId: String(p.agent_id),
        contractAmount: p.contract_amount,
        passportIssueDate: p.passport_issue_date,
        passportExpireDate: p.passport_expire_date,
        visaType: p.visa_type,
        dob: p.dob,
        slot: p.slot_name,
      });
      expect(form.success, `${p.full_name}: ${JSON.stringify(form.error?.issues)}`).toBe(true);
      expect(p.telephone).toMatch(BD_PHONE);
      expect(Number(p.contract_amount)).toBeGreaterThanOrEqual(250_000);
      expect(Number(p.contract_amount)).toBeLessThanOrEqual(750_000);
      const milestones = [p.is_work_permit_approved, p.is_gadget_published, p.is_visa_applied, p.is_visa_granted, p.is_bmet_approved, p.is_flight_scheduled].map(fromDbBool);
      if (p.status === "COMPLETED" || p.status === "APPROVED") {
        expect(milestones, p.full_name).toEqual([true, true, true, true, true, true]);
        expect(p.visa_expire_date && p.flight_schedule_date, p.full_name).toBeTruthy();
      }
      if (p.status === "PENDING") expect(milestones).not.toContain(true);
    }
    // Reviewed passports sit at every stage of the milestone checklist.
    const stages = new Set(passports.filter((p) => p.status === "REVIEWED").map((p) => [p.is_work_permit_approved, p.is_flight_scheduled].map(fromDbBool).join()));
    expect(stages).toEqual(new Set(["false,false", "true,false", "true,true"]));
  });

  it("seeds employers and demand letters valid for their declarations, some expiring within 30 days, each with its history", async () => {
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "admin", password: "admin123" } });
    const headers = { authorization: `Bearer ${login.json().replyMessage.token}` };
    const get = async (url: string) => (await t.app.inject({ method: "GET", url, headers })).json();
    // The demo data's declared resources (a resource declared later has none).
    for (const resource of [employers, demandLetters]) {
      const records = await get(`/api/${resource.name}?_start=0&_end=100`);
      expect(records.length, resource.name).toBeGreaterThanOrEqual(5);
      for (const record of records) {
        const valid = recordSchema(resource, "create").safeParse(record);
        expect(valid.success, `${resource.name} ${record.id}: ${JSON.stringify(valid.error?.issues)}`).toBe(true);
        expect((await get(`/api/${resource.name}/${record.id}/history`))[0]).toMatchObject({ action: "created", user: { username: "admin" } });
      }
    }
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await get(`/api/demand-letters?expiryDate_gte=${day(0)}&expiryDate_lte=${day(30)}`)).length).toBeGreaterThanOrEqual(3);
    const withLetter = (await get("/api/demand-letters?_start=0&_end=100")).filter((r: { letter: unknown }) => r.letter !== null);
    expect(withLetter.length).toBeGreaterThanOrEqual(2);
    const download = await t.app.inject({ method: "GET", url: `/api/demand-letters/${withLetter[0].id}/files/letter`, headers });
    expect(await fileTypeFromBuffer(download.rawPayload)).toMatchObject({ mime: "application/pdf" });
  });

  it("stores real PDF and PNG documents with their size and sha256", async () => {
    const docs = await t.db.selectFrom("passport_documents").selectAll().execute();
    expect(docs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(docs.map((d) => d.content_type))).toEqual(new Set(["application/pdf", "image/png"]));
    for (const d of docs) {
      const bytes = Buffer.from(d.bytes);
      expect((await fileTypeFromBuffer(bytes))?.mime, d.file_name).toBe(d.content_type);
      expect(d.size).toBe(bytes.length);
      expect(d.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    const passport = await t.db.selectFrom("passports").select("full_name").where("id", "=", docs[0].passport_id).executeTakeFirstOrThrow();
    const pdf = docs.find((d) => d.passport_id === docs[0].passport_id && d.content_type === "application/pdf")!;
    expect(Buffer.from(pdf.bytes).toString("latin1")).toContain(passport.full_name);
  });

  it("records a CREATE event for every passport, and status events for those that moved", async () => {
    const creates = await t.db.selectFrom("passport_events").select("passport_id").where("kind", "=", "CREATE").execute();
    expect(creates.length).toBe(await count(t.db, "passports"));
    expect(new Set(creates.map((e) => e.passport_id)).size).toBe(creates.length);
    const approved = await t.db.selectFrom("passports").select("id").where("status", "=", "APPROVED").executeTakeFirstOrThrow();
    const moves = await t.db
      .selectFrom("passport_events")
      .select(["old_value", "new_value"])
      .where("passport_id", "=", approved.id)
      .where("kind", "=", "STATUS")
      .orderBy("id")
      .execute();
    expect(moves).toEqual([
      { old_value: "PENDING", new_value: "REVIEWED" },
      { old_value: "REVIEWED", new_value: "COMPLETED" },
      { old_value: "COMPLETED", new_value: "APPROVED" },
    ]);
  });

  it("records a MILESTONE event for every milestone reached and a DATE event for every date set", async () => {
    const passports = await t.db.selectFrom("passports").selectAll().execute();
    const events = await t.db.selectFrom("passport_events").select(["passport_id", "kind", "field", "new_value"]).where("kind", "in", ["MILESTONE", "DATE"]).execute();
    const recorded = new Set(events.map((e) => `${e.passport_id}:${e.kind}:${e.field}:${e.kind === "MILESTONE" ? e.new_value : "set"}`));
    const expected = new Set<string>();
    for (const p of passports) {
      for (const [field, column] of Object.entries(MILESTONE_COLUMNS)) {
        if (fromDbBool(p[column])) expected.add(`${p.id}:MILESTONE:${field}:true`);
      }
      for (const [field, column] of Object.entries(DATE_COLUMNS)) {
        if (p[column] !== null) expected.add(`${p.id}:DATE:${field}:set`);
      }
    }
    expect(expected.size).toBeGreaterThan(100);
    expect(recorded).toEqual(expected);
  });

  it("seeds nothing on a second start", async () => {
    const before = { users: await count(t.db, "users"), passports: await count(t.db, "passports"), docs: await count(t.db, "passport_documents") };
    const second = await buildApp({ ...t.config, seedDemoData: true });
    await second.app.close();
    expect(second.seededAccounts).toEqual([]);
    expect({ users: await count(t.db, "users"), passports: await count(t.db, "passports"), docs: await count(t.db, "passport_documents") }).toEqual(before);
  });
});

describe.each(DIALECTS)("production start on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("refuses to start on a database with no account when no bootstrap admin is set", async () => {
    const start = () => buildApp({ ...t.config, production: true, seedDemoData: true });
    await expect(start()).rejects.toThrow(ConfigError);
    await expect(start()).rejects.toThrow(
      "The database has no account and NODE_ENV=production seeds none: set BOOTSTRAP_ADMIN_USERNAME and BOOTSTRAP_ADMIN_PASSWORD to create the first super admin",
    );
    expect(await count(t.db, "users")).toBe(0);
  });

  it("seeds no demo data and creates the bootstrap super admin once", async () => {
    const production = { ...t.config, production: true, seedDemoData: true, bootstrapAdmin: { username: "root", password: "rootpass1" } };
    const first = await buildApp(production);
    await first.app.close();
    expect(first.seededAccounts).toEqual([{ username: "root", password: "(BOOTSTRAP_ADMIN_PASSWORD)", role: "SUPER_ADMIN" }]);
    expect(await count(t.db, "passports")).toBe(0);
    expect(await count(t.db, "slots")).toBe(0);
    expect((await t.db.selectFrom("users").select("username").execute()).map((u) => u.username)).toEqual(["root"]);

    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "root", password: "rootpass1" } });
    expect(login.statusCode).toBe(200);
    expect(jwtPayload(login.json().replyMessage.token)).toMatchObject({ sub: "root", roles: ["SUPER_ADMIN"] });

    const again = await buildApp({ ...production, bootstrapAdmin: { username: "other", password: "otherpass1" } });
    await again.app.close();
    expect(again.seededAccounts).toEqual([]); // a super admin exists: nothing more is created
    expect(await count(t.db, "users")).toBe(1);

    const withoutBootstrap = await buildApp({ ...production, bootstrapAdmin: undefined });
    await withoutBootstrap.app.close();
    expect(withoutBootstrap.seededAccounts).toEqual([]); // an account exists: the settings may go
  });
});

const BIG_JS = `console.log(${JSON.stringify("passport ".repeat(400))});`;

describe("the web app beside the API", () => {
  let t: TestApp;
  let apiOnly: TestApp;
  beforeAll(async () => {
    const web = tempDir("web-");
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), "<!doctype html><title>Back office</title>");
    writeFileSync(join(web, "assets", "a.js"), "console.log('app')");
    writeFileSync(join(web, "assets", "big.js"), BIG_JS);
    writeFileSync(join(web, "assets", "big.js.br"), brotliCompressSync(BIG_JS));
    writeFileSync(join(web, "assets", "big.js.gz"), gzipSync(BIG_JS));
    t = await createTestApp("sqlite", { staticDir: web });
    apiOnly = await createTestApp("sqlite", { staticDir: join(web, "missing") });
  });
  afterAll(async () => {
    await t.close();
    await apiOnly.close();
  });

  it("serves static files", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/a.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.body).toBe("console.log('app')");
  });

  it("sends the build's compressed copy a browser accepts, and the plain file to others", async () => {
    const asked = (encoding?: string) =>
      t.app.inject({ method: "GET", url: "/assets/big.js", headers: encoding ? { "accept-encoding": encoding } : {} });
    const br = await asked("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await asked("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await asked();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it("keeps hashed assets for a year and revalidates the page", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/a.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/", "/dashboard/admin"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it.each(["/", "/dashboard/admin", "/dashboard/agent/pending?page=2", "/login"])("answers index.html for the app route %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<title>Back office</title>");
  });

  it.each([
    ["GET", "/api/unknown"],
    ["GET", "/auth/nothing-here"],
    ["GET", "/assets/missing.js"],
    ["POST", "/dashboard/admin"],
  ] as const)("answers the 404 envelope for %s %s", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: expect.stringContaining("Not found") });
  });

  it("keeps the API behind its guard", async () => {
    const res = await t.app.inject({ method: "GET", url: "/slot/get-all-slots" });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it("lists the static route as public in the route table", () => {
    const staticRoutes = t.app.routeTable.filter((r) => r.url === "/*");
    expect(staticRoutes).toEqual([{ method: "GET", url: "/*", access: "public" }]);
  });

  it("serves the API alone when the web app is not built", async () => {
    expect(apiOnly.app.routeTable.some((r) => r.url === "/*")).toBe(false);
    const page = await apiOnly.app.inject({ method: "GET", url: "/dashboard/admin" });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ success: false });
    const api = await apiOnly.app.inject({ method: "POST", url: "/auth/login", payload: { username: "nobody", password: "x" } });
    expect(api.statusCode).toBe(401);
  });
});

describe("the server process", () => {
  const tsx = resolve("node_modules/.bin/tsx");
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));

  function start(env: Record<string, string>) {
    const child = spawn(tsx, ["server/main.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    const listening = new Promise<number>((done, fail) => {
      child.stdout!.on("data", () => {
        const match = stdout.match(/listening on http:\/\/localhost:(\d+)/);
        if (match) done(Number(match[1]));
      });
      void exited.then((code) => fail(new Error(`exited with ${code}: ${stderr}`)));
    });
    listening.catch(() => undefined); // awaited only by the tests that expect a listening server
    return { child, exited, listening, output: () => ({ stdout, stderr }) };
  }

  it("exits with 1 and one clear line for a bad setting", async () => {
    const dataDir = join(tempDir("bad-"), "data");
    const server = start({ PORT: "http", DATABASE_URL: `sqlite:${join(dataDir, "app.db")}` });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535, got "http"');
    expect(existsSync(dataDir), "nothing is written for a bad setting").toBe(false);
  });

  it("exits with 1 and one clear line in production when the database has no account and no bootstrap admin is set", async () => {
    const dir = tempDir("prod-");
    const server = start({
      NODE_ENV: "production",
      JWT_SECRET: "s".repeat(40),
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(dir, "data", "app.db")}`,
      STATIC_DIR: join(dir, "no-dist"),
    });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toBe(
      "Configuration error: The database has no account and NODE_ENV=production seeds none: set BOOTSTRAP_ADMIN_USERNAME and BOOTSTRAP_ADMIN_PASSWORD to create the first super admin",
    );
    expect(server.output().stdout).not.toContain("listening");
  }, 60_000);

  it("listens, prints the demo accounts on the first start only, and stops on SIGTERM", async () => {
    const dir = tempDir("main-");
    const env = { PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `sqlite:${join(dir, "data", "app.db")}`, STATIC_DIR: join(dir, "no-dist") };
    const first = start(env);
    const port = await first.listening;
    await new Promise((r) => setTimeout(r, 200)); // the accounts table follows the URL line
    expect(first.output().stdout).toMatch(/superadmin\s+superadmin123\s+SUPER_ADMIN/);
    expect(first.output().stdout).toMatch(/agent2\s+agent123\s+AGENT/);
    expect(first.output().stdout).toContain("serving the API only");
    const res = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "agent", password: "agent123" }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const second = start(env);
    await second.listening;
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(second.output().stdout).not.toContain("Accounts created");
  }, 60_000);
});

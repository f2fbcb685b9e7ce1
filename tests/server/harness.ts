/**
 * Builds a fresh app per test file on a real database: a temp SQLite file, or a new database on the
 * PostgreSQL that the global setup started. `describe.each(DIALECTS)` runs a suite on both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes, scryptSync } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../../server/app";
import type { AppConfig } from "../../server/config";
import type { TextSearch } from "../../server/db/database";
import type { DB } from "../../server/db/schema";
import { hashPassword } from "../../server/auth/passwords";
import type { Role } from "../../src/contract";

export type TestDialect = "sqlite" | "postgres";
export const DIALECTS: TestDialect[] = inject("pgUrl") ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Direct database access, for arranging data and checking what was (not) stored. */
  db: Kysely<DB>;
  /** Where the lists' text filters are read (server/db/database.ts). */
  textSearch: TextSearch;
  dialect: TestDialect;
  close(): Promise<void>;
}

async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject("pgUrl")!;
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The app's pool resolves its end() before its backends have gone; forcing them off then makes
      // pg report "terminating connection" on a client nobody listens to any more. Wait for them.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** An empty database of the dialect: a temp SQLite file, or a new database on the test PostgreSQL. */
export async function createTestDatabase(dialect: TestDialect): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === "postgres") return createPgDatabase();
  const dir = mkdtempSync(join(tmpdir(), "sqlite-test-"));
  return { url: `sqlite:${join(dir, "test.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The config of a test app on `databaseUrl`. */
export const testConfig = (databaseUrl: string, overrides: Partial<AppConfig> = {}): AppConfig => ({
  databaseUrl,
  jwtSecret: "test-secret-that-is-long-enough-0123456789",
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 7 * 24 * 3600,
  maxUploadBytes: 1024 * 1024,
  production: false,
  seedDemoData: false,
  logger: false,
  checkReplies: true,
  ...overrides,
});

export async function createTestApp(dialect: TestDialect, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  return openTestApp(dialect, testConfig(database.url, overrides), database.drop);
}

/** A test app on an existing database; `cleanup` runs after it closes. */
export async function openTestApp(dialect: TestDialect, config: AppConfig, cleanup: () => Promise<void> = async () => {}): Promise<TestApp> {
  const { app, database } = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    textSearch: database.textSearch,
    dialect,
    async close() {
      await app.close();
      await cleanup();
      assertRepliesDocumented(app);
    },
  };
}

// One hash for every test user: scrypt at OWASP cost is deliberately slow.
let testHash: Promise<string> | undefined;
export const TEST_PASSWORD = "secret123";

export interface TestUser {
  id: number;
  username: string;
  token: string;
}

/** Inserts a user with the given roles straight into the database and signs it in. */
export async function createUser(t: TestApp, username: string, roles: Role[]): Promise<TestUser> {
  testHash ??= hashPassword(TEST_PASSWORD);
  const { db } = t;
  const now = new Date().toISOString();
  const row = await db
    .insertInto("users")
    .values({
      username,
      email: `${username}@example.com`,
      password_hash: await testHash,
      contact_number: "01712345678",
      emergency_contact_number: "01812345678",
      address: "Dhaka",
      nid_no: "1234567890",
      passport_no: "A1234567",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const role of roles) {
    const r = await db.selectFrom("roles").select("id").where("name", "=", role).executeTakeFirstOrThrow();
    await db.insertInto("user_roles").values({ user_id: row.id, role_id: r.id }).execute();
  }
  const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username, password: TEST_PASSWORD } });
  return { id: row.id, username, token: login.json().replyMessage?.token };
}

export async function call(t: TestApp, user: TestUser | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(user ? { authorization: `Bearer ${user.token}` } : {}) },
  });
  assertRepliesDocumented(t.app);
  return res;
}

/**
 * Every reply of every test is checked against the schema its route documents (`checkReplies`,
 * server/http/reply-check.ts): a mismatch already answered 500; this fails the test that made it
 * (through `call`) or the file (when its app closes), naming each.
 */
function assertRepliesDocumented(app: FastifyInstance): void {
  const mismatches = app.replyMismatches?.splice(0) ?? [];
  if (mismatches.length > 0) throw new Error(`Replies that do not match their documented schema:\n${mismatches.join("\n")}`);
}

/**
 * Inserts a user without roles whose password (TEST_PASSWORD) is hashed at a low scrypt cost (the
 * cost is read from the stored hash), for tests that sign in many times; it is not signed in.
 */
export async function cheapUser(t: TestApp, username: string): Promise<string> {
  const salt = randomBytes(16);
  const key = scryptSync(TEST_PASSWORD.normalize("NFKC"), salt, 32, { N: 1024, r: 8, p: 1 });
  const now = new Date().toISOString();
  await t.db
    .insertInto("users")
    .values({
      username,
      email: `${username}@example.com`,
      password_hash: ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$"),
      contact_number: "01712345678",
      emergency_contact_number: "01812345678",
      address: "Dhaka",
      nid_no: "1234567890",
      passport_no: "A1234567",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return username;
}

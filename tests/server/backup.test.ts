/**
 * Backups (issue 29): `npm run backup` and `npm run restore` run as a user runs them, in a child
 * process with DATABASE_URL, on both databases. A backup taken while the server writes restores into
 * a new empty database that passes its checks and holds the same records, which an app built on it
 * serves; a file of the other kind, a database in use and an existing backup file are refused with a
 * clear message. And, apart, the object manifest's writer and the PostgreSQL tools' connection.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackup } from "../../server/backup/backup";
import { objectManifestPath, type StoredObject, writeObjectManifest } from "../../server/backup/object-manifest";
import { postgresConnection, requirePostgresTool } from "../../server/backup/postgres-tools";
import { sqlitePath } from "../../server/config";
import { migrationFiles } from "../../server/db/migrate";
import { createSlot, insertPassport, validPassportData } from "./fixtures";
import { call, createTestApp, createTestDatabase, createUser, DIALECTS, openTestApp, TEST_PASSWORD, testConfig, type TestApp, type TestUser } from "./harness";
import { multipart, pdfPart, tinyPdf } from "./uploads";
import { run } from "./backup-cli";
import { startS3 } from "../support/s3";

/** The tables of a PostgreSQL database's public schema. */
async function tablesOf(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)("backup and restore on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let dir: string;
  let backupFile: string;
  /** Passports there were when the backup began; the writes during it came after. */
  let passportsBefore: number;
  let lastIdBefore: number;
  let passportsAfter: number;
  let documentPassportId: number;
  const SLOT = "BACKUP-SLOT";

  const count = async (db: TestApp["db"], table: "users" | "passports" | "passport_documents" | "passport_events" | "user_roles") =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "backup-test-"));
    t = await createTestApp(dialect);
    admin = await createUser(t, "backup.admin", ["ADMIN"]);
    agent = await createUser(t, "backup.agent", ["AGENT"]);
    await createUser(t, "backup.super", ["SUPER_ADMIN"]);
    const slot = await createSlot(t, SLOT);
    // Passports as the screens add them, each with a document, and more straight in the database.
    for (let i = 0; i < 3; i++) {
      const data = { ...validPassportData(agent.id, SLOT), passportNo: `BK${String(i).padStart(7, "0")}`, fullName: `Backup Worker ${i}` };
      const body = await multipart(data, { educational: pdfPart(`certificate-${i}.pdf`, tinyPdf(`certificate ${i}`)) });
      const res = await call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
      documentPassportId = res.json().replyMessage.id;
    }
    for (let i = 0; i < 40; i++) await insertPassport(t, { agentId: agent.id, slotId: slot.id, fullName: `Seeded Worker ${i}` });
    // A declared record.
    const employer = await call(t, admin, { method: "POST", url: "/api/employers", payload: { name: "Al Noor Backup", country: "Saudi Arabia", licenceNo: "LIC-BK" } });
    expect(employer.statusCode, employer.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("backs up while the server keeps writing, into the file named", async () => {
    backupFile = join(dir, "nested", "backup.file");
    const writeSlot = await createSlot(t, "WRITES-DURING-BACKUP");
    passportsBefore = await count(t.db, "passports");
    lastIdBefore = Number((await t.db.selectFrom("passports").select(t.db.fn.max("id").as("id")).executeTakeFirstOrThrow()).id);
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await insertPassport(t, { agentId: agent.id, slotId: writeSlot.id, fullName: `Written during backup ${written}` });
        written++;
        await sleep(2);
      }
    })();
    const backup = await run("backup", ["--out", backupFile], t.config.databaseUrl);
    const writtenDuring = written;
    writing = false;
    await writes;

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`to ${backupFile} (`);
    expect(writtenDuring).toBeGreaterThan(10);
    const head = readFileSync(backupFile).subarray(0, 16).toString("latin1");
    expect(head.startsWith(dialect === "sqlite" ? "SQLite format 3\0" : "PGDMP")).toBe(true);
    // No half-written file is left under another name.
    expect(readdirSync(dirname(backupFile))).toEqual(["backup.file"]);
    passportsAfter = await count(t.db, "passports");
    expect(passportsAfter).toBe(passportsBefore + written);
  });

  it("restores into a new empty database that passes its checks and holds the same records", async () => {
    const target = await createTestDatabase(dialect);
    const restore = await run("restore", [backupFile], target.url);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const migrations = (await migrationFiles()).length;
    expect(restore.stdout).toContain(`Restored ${backupFile}`);
    expect(restore.stdout).toContain(
      `Checks passed: ${dialect === "sqlite" ? "integrity_check ok, no missing references" : "pg_restore completed in one transaction"}; ${migrations} migrations recorded`,
    );

    const restored = await openTestApp(dialect, testConfig(target.url), target.drop);
    try {
      // Every record there was when the backup began, and only writes made during it besides.
      for (const table of ["users", "user_roles", "passport_documents"] as const) expect(await count(restored.db, table)).toBe(await count(t.db, table));
      // The backup began after the first writes and holds them, each whole, as the database had them.
      const passports = await count(restored.db, "passports");
      expect(passports).toBeGreaterThan(passportsBefore);
      expect(passports).toBeLessThanOrEqual(passportsAfter);
      const lastRestored = Number((await restored.db.selectFrom("passports").select(restored.db.fn.max("id").as("id")).executeTakeFirstOrThrow()).id);
      expect(lastRestored).toBeGreaterThan(lastIdBefore);
      const rowsUpTo = (db: TestApp["db"]) => db.selectFrom("passports").selectAll().where("id", "<=", lastRestored).orderBy("id").execute();
      expect(await rowsUpTo(restored.db)).toEqual(await rowsUpTo(t.db));
      const users = (db: TestApp["db"]) => db.selectFrom("users").select(["id", "username", "password_hash", "email"]).orderBy("id").execute();
      expect(await users(restored.db)).toEqual(await users(t.db));

      // The app on the restored database signs its users in and serves the lists, the document and the declared record.
      const login = await restored.app.inject({ method: "POST", url: "/auth/login", payload: { username: admin.username, password: TEST_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      const restoredAdmin = { ...admin, token: login.json().replyMessage.token as string };
      const list = `/api/passport/filter?size=100&slot=${SLOT}`;
      const before = (await call(t, admin, { method: "GET", url: list })).json().replyMessage;
      const after = (await call(restored, restoredAdmin, { method: "GET", url: list })).json().replyMessage;
      expect(after.totalElements).toBe(43);
      expect(after).toEqual(before);
      const attachments = `/api/passport/${documentPassportId}/get-attachments`;
      const document = (await call(restored, restoredAdmin, { method: "GET", url: attachments })).json().replyMessage.educationalCertificatePDF;
      expect(document).toEqual({ contentType: "application/pdf", fileName: "certificate-2.pdf", data: tinyPdf("certificate 2").toString("base64") });
      const employers = await call(restored, restoredAdmin, { method: "GET", url: "/api/employers?_start=0&_end=10" });
      expect(employers.statusCode).toBe(200);
      expect(employers.json().map((e: { name: string; licenceNo: string }) => [e.name, e.licenceNo])).toEqual([["Al Noor Backup", "LIC-BK"]]);
    } finally {
      await restored.close();
    }
  });

  it("restores over the database of a stopped server, which it replaces whole", async () => {
    const target = await createTestDatabase(dialect);
    const stopped = await openTestApp(dialect, testConfig(target.url));
    await createUser(stopped, "replaced.user", ["ADMIN"]);
    await stopped.close();

    const restore = await run("restore", [backupFile], target.url);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const restored = await openTestApp(dialect, testConfig(target.url), target.drop);
    try {
      const usernames = (db: TestApp["db"]) => db.selectFrom("users").select("username").orderBy("username").execute();
      expect(await usernames(restored.db)).toEqual(await usernames(t.db));
      const file = sqlitePath(target.url);
      if (file) {
        // The replaced database is kept beside it, whole.
        const kept = /The database it replaced is kept as (.+)$/m.exec(restore.stdout)?.[1];
        expect(kept).toMatch(new RegExp(`^${file}\\.before-restore-`));
        const old = new SQLite(kept!, { readonly: true });
        expect(old.prepare("SELECT username FROM users").pluck().all()).toEqual(["replaced.user"]);
        old.close();
      }
    } finally {
      await restored.close();
    }
  });

  it("refuses to restore over a database the server has open, and leaves it as it was", async () => {
    // The refusal comes before the file is read: its header alone must be of the right kind.
    const header = join(dir, "header-only");
    writeFileSync(header, Buffer.concat([Buffer.from(dialect === "sqlite" ? "SQLite format 3\0" : "PGDMP", "latin1"), Buffer.alloc(512)]));
    const passports = await count(t.db, "passports"); // the server's connections are open (and, on PostgreSQL, in its pool)
    const restore = await run("restore", [header], t.config.databaseUrl);
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toMatch(
      dialect === "sqlite"
        ? /^Error: The database .+ is open in another process \(is the server running\?\): stop the server, then restore$/
        : /^Error: \d+ other connections? (is|are) open to the database t_\w+ \(are servers running\?\): stop every server, then restore$/,
    );
    expect(await count(t.db, "passports")).toBe(passports);
    const file = sqlitePath(t.config.databaseUrl);
    if (file) expect(readdirSync(dirname(file)).filter((f) => f.includes("restor"))).toEqual([]);
  });

  it("refuses a backup of the other database's kind, a file that is no backup and a damaged one, writing nothing", async () => {
    const target = await createTestDatabase(dialect);
    try {
      const other = join(dir, "other-kind");
      writeFileSync(other, Buffer.concat([Buffer.from(dialect === "sqlite" ? "PGDMP" : "SQLite format 3\0", "latin1"), Buffer.alloc(512)]));
      const wrong = await run("restore", [other], target.url);
      expect(wrong.code).toBe(1);
      const [kind, database] = dialect === "sqlite" ? ["PostgreSQL", "SQLite"] : ["SQLite", "PostgreSQL"];
      expect(wrong.stderr).toContain(`Error: ${other} is a ${kind} backup, but DATABASE_URL (${target.url}) is a ${database} database: restore it into a ${kind} DATABASE_URL`);

      const text = join(dir, "notes.txt");
      writeFileSync(text, "not a backup");
      const none = await run("restore", [text], target.url);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(`Error: ${text} is not a backup: neither a SQLite database nor a pg_dump custom-format archive`);
      const damaged = join(dir, "damaged");
      writeFileSync(damaged, Buffer.concat([Buffer.from(dialect === "sqlite" ? "SQLite format 3\0" : "PGDMP", "latin1"), Buffer.alloc(512, 7)]));
      const broken = await run("restore", [damaged], target.url);
      expect(broken.code).toBe(1);
      if (dialect === "sqlite") expect(broken.stderr.trim()).toBe('Error: The backup is damaged: SQLite says "file is not a database"');
      else expect(broken.stderr.trim()).toMatch(/^Error: pg_restore failed: pg_restore: error: \S.*$/);
      // Nothing was written where DATABASE_URL points.
      const file = sqlitePath(target.url);
      if (file) expect(readdirSync(dirname(file))).toEqual([]);
      else expect(await tablesOf(target.url)).toBe(0);
    } finally {
      await target.drop();
    }
  });

  it("never overwrites a backup file", async () => {
    const backup = await run("backup", ["--out", backupFile], t.config.databaseUrl);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(`Error: ${backupFile} exists already: name a new file (a backup never overwrites one)`);
    const usage = await run("backup", [], t.config.databaseUrl);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run backup -- --out <file>");
  });
});

describe("the object manifest beside a backup", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "manifest-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function* listed(objects: StoredObject[], failAfter?: number) {
    for (const [i, object] of objects.entries()) {
      if (i === failAfter) throw new Error("the store stopped answering");
      await sleep(1);
      yield object;
    }
  }
  const objects: StoredObject[] = [
    { key: "passports/1/educational", size: 1234, sha256: "a".repeat(64) },
    { key: "passports/1/nid \"quoted\"", size: 5, sha256: "b".repeat(64) },
    { key: "users/7/photo", size: 0, sha256: "c".repeat(64) },
  ];

  it("lists every object the database refers to (key, size, sha256) in <backup>.objects.json", async () => {
    const backup = join(dir, "one.db");
    expect(await writeObjectManifest(backup, listed(objects), "s3://bucket/prefix")).toBe(3);
    expect(objectManifestPath(backup)).toBe(`${backup}.objects.json`);
    const manifest = JSON.parse(readFileSync(`${backup}.objects.json`, "utf8"));
    expect(manifest).toMatchObject({ storage: "s3://bucket/prefix", count: 3, objects });
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
  });

  it("writes an empty list when there is no object", async () => {
    const backup = join(dir, "empty.db");
    expect(await writeObjectManifest(backup, listed([]), "s3://bucket")).toBe(0);
    expect(JSON.parse(readFileSync(`${backup}.objects.json`, "utf8"))).toMatchObject({ objects: [], count: 0 });
  });

  it("is written by the backup when documents are in object storage, beside the database's file", async () => {
    const database = join(dir, "source.db");
    const source = new SQLite(database);
    source.exec("CREATE TABLE t (x)");
    source.close();
    const out = join(dir, "with-objects.db");
    const result = await runBackup({ databaseUrl: `sqlite:${database}`, out, storedObjects: { storageUrl: "s3://bucket/prefix", referenced: () => listed(objects) } });
    expect(result.manifest).toEqual({ file: `${out}.objects.json`, objects: 3 });
    expect(JSON.parse(readFileSync(`${out}.objects.json`, "utf8")).objects).toEqual(objects);
    expect(readFileSync(out).subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
  });

  it("is written by npm run backup with STORAGE_URL set: the keys, sizes and hashes of the documents in the bucket", async () => {
    const s3 = await startS3();
    const t = await createTestApp("sqlite", { storage: s3.config("manifest") });
    try {
      const admin = await createUser(t, "manifest.admin", ["ADMIN"]);
      const agent = await createUser(t, "manifest.agent", ["AGENT"]);
      await createSlot(t, "MANIFEST-SLOT");
      const document = tinyPdf("in the bucket");
      const body = await multipart(validPassportData(agent.id, "MANIFEST-SLOT"), { nid: pdfPart("nid.pdf", document) });
      expect((await call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers })).statusCode).toBe(201);
      const [key] = await s3.keys("manifest");
      const out = join(dir, "stored-objects.db");
      const backup = await run("backup", ["--out", out], t.config.databaseUrl, s3.env("manifest"));
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Listed 1 stored objects in ${out}.objects.json`);
      const manifest = JSON.parse(readFileSync(`${out}.objects.json`, "utf8"));
      expect(manifest).toMatchObject({ storage: "s3://documents/manifest", count: 1 });
      expect(manifest.objects).toEqual([expect.objectContaining({ key, size: document.length, sha256: createHash("sha256").update(document).digest("hex") })]);
    } finally {
      await t.close();
      await s3.stop();
    }
  });

  it("leaves no manifest when the listing fails half-way", async () => {
    const backup = join(dir, "failed.db");
    await expect(writeObjectManifest(backup, listed(objects, 2), "s3://bucket")).rejects.toThrow("the store stopped answering");
    expect(readdirSync(dir).filter((f) => f.startsWith("failed"))).toEqual([]);
  });
});

describe("the PostgreSQL client tools", () => {
  it("get the connection without its password, which goes in PGPASSWORD", () => {
    const { url, env } = postgresConnection("postgres://backup:p%40ss%3Aword@db.example.com:5433/agency?sslmode=require", {});
    expect(url).toBe("postgres://backup@db.example.com:5433/agency?sslmode=require");
    expect(env.PGPASSWORD).toBe("p@ss:word");
    expect(postgresConnection("postgres://backup@db.example.com/agency", {}).env.PGPASSWORD).toBeUndefined();
  });

  it("when missing, are named with how to install them", () => {
    const empty = mkdtempSync(join(tmpdir(), "no-tools-"));
    try {
      expect(() => requirePostgresTool("pg_dump", [empty])).toThrow(
        "pg_dump was not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and PATH). Install the PostgreSQL client tools, as new as the server (Debian: apt-get install postgresql-client), or set PG_BIN to their folder.",
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

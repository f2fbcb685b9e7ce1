/**
 * A restore checks the backup's object manifest against the bucket (issue 29 follow-up): `npm run
 * restore` run as a user runs it, with STORAGE_URL on an s3rver. Every object there: restored. One
 * deleted, resized or (with --verify-hashes) changed: named, and the restore refused with the old
 * database untouched, unless --ignore-missing-objects. --check-objects-only checks and touches no
 * database; a manifest without STORAGE_URL is refused. On PostgreSQL the check comes before pg_restore.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeObjectManifest } from "../../server/backup/object-manifest";
import { sqlitePath } from "../../server/config";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createTestDatabase, createUser, DIALECTS, openTestApp, testConfig, type TestApp, type TestDialect } from "./harness";
import { multipart, pdfPart, tinyPdf } from "./uploads";
import { run } from "./backup-cli";
import { type RunningS3, startS3 } from "../support/s3";

/** An app with documents in the bucket under `prefix`, and a backup of it with its manifest. */
async function backedUp(dialect: TestDialect, s3: RunningS3, prefix: string, dir: string, documents: number) {
  const t = await createTestApp(dialect, { storage: s3.config(prefix) });
  const admin = await createUser(t, `${prefix}.admin`, ["ADMIN"]);
  const agent = await createUser(t, `${prefix}.agent`, ["AGENT"]);
  await createSlot(t, "OBJECTS-SLOT");
  for (let i = 0; i < documents; i++) {
    const data = { ...validPassportData(agent.id, "OBJECTS-SLOT"), passportNo: `OB${String(i).padStart(7, "0")}` };
    const body = await multipart(data, { nid: pdfPart(`nid-${i}.pdf`, tinyPdf(`document ${i} in the bucket`)) });
    const res = await call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
  }
  const keys = await s3.keys(prefix);
  expect(keys).toHaveLength(documents);
  const file = join(dir, `${prefix}.backup`);
  const backup = await run("backup", ["--out", file], t.config.databaseUrl, s3.env(prefix));
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toContain(`Listed ${documents} stored objects in ${file}.objects.json`);
  return { t, keys, file };
}

const usernamesIn = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare("SELECT username FROM users ORDER BY username").pluck().all();
  } finally {
    db.close();
  }
};

describe("a SQLite restore checks the stored objects its manifest lists", () => {
  const PREFIX = "restore-objects";
  let s3: RunningS3;
  let t: TestApp;
  let dir: string;
  let file: string;
  let keys: string[];
  let env: Record<string, string>;
  const STORAGE = `s3://documents/${PREFIX}`;

  /** A database a stopped server left, with one user of its own. */
  async function stoppedDatabase(): Promise<{ url: string; path: string; drop(): Promise<void> }> {
    const target = await createTestDatabase("sqlite");
    const stopped = await openTestApp("sqlite", testConfig(target.url));
    await createUser(stopped, "kept.user", ["ADMIN"]);
    await stopped.close();
    return { ...target, path: sqlitePath(target.url)! };
  }

  /** The object changed behind the app's back for the length of `step`, then put back. */
  async function withObject(key: string, bytes: Buffer | undefined, step: () => Promise<void>): Promise<void> {
    const original = await s3.read(key);
    if (bytes) await s3.write(key, bytes);
    else await s3.remove(key);
    try {
      await step();
    } finally {
      await s3.write(key, original);
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "backup-objects-"));
    s3 = await startS3();
    env = s3.env(PREFIX);
    ({ t, keys, file } = await backedUp("sqlite", s3, PREFIX, dir, 3));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("restores when every object is in the bucket with its size", async () => {
    const target = await stoppedDatabase();
    try {
      const restore = await run("restore", [file], target.url, env);
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(new RegExp(`^Checked 3 stored objects in ${STORAGE}: every one there with its size \\(\\d+\\.\\d s\\)$`, "m"));
      expect(restore.stdout).toContain(`Restored ${file} into ${target.url}`);
      expect(usernamesIn(target.path)).toEqual([`${PREFIX}.admin`, `${PREFIX}.agent`]);
    } finally {
      await target.drop();
    }
  });

  it("refuses when an object is missing, naming it, and leaves the database as it was; --ignore-missing-objects restores with a warning", async () => {
    const target = await stoppedDatabase();
    try {
      await withObject(keys[1], undefined, async () => {
        const restore = await run("restore", [file], target.url, env);
        expect(restore.code).toBe(1);
        expect(restore.stdout).not.toContain("Restored");
        expect(restore.stderr).toBe(
          `  missing: ${keys[1]}\n` +
            `Error: 1 of the 3 stored objects ${file}.objects.json lists is missing or differs in ${STORAGE}: nothing was restored. ` +
            "Put the objects back (the bucket's versions, its copy), point STORAGE_URL at the bucket that has them, or pass --ignore-missing-objects to restore without them\n",
        );
        expect(usernamesIn(target.path)).toEqual(["kept.user"]);
        expect(readdirSync(dirname(target.path)).filter((f) => f.includes("restor"))).toEqual([]);

        const ignoring = await run("restore", [file, "--ignore-missing-objects"], target.url, env);
        expect(ignoring.code, ignoring.stderr).toBe(0);
        expect(ignoring.stderr).toContain(`  missing: ${keys[1]}\n`);
        expect(ignoring.stderr).toContain(`Warning: 1 of the 3 stored objects ${file}.objects.json lists is missing or differs in ${STORAGE}; restoring anyway (--ignore-missing-objects)`);
        expect(ignoring.stdout).toContain(`Restored ${file} into ${target.url}`);
        expect(usernamesIn(target.path)).toEqual([`${PREFIX}.admin`, `${PREFIX}.agent`]);
      });
    } finally {
      await target.drop();
    }
  });

  it("refuses an object of the wrong size; --check-objects-only reports it and touches no database", async () => {
    const original = await s3.read(keys[0]);
    await withObject(keys[0], Buffer.concat([original, Buffer.from("extra")]), async () => {
      const target = await stoppedDatabase();
      try {
        const restore = await run("restore", [file], target.url, env);
        expect(restore.code).toBe(1);
        expect(restore.stderr).toContain(`  wrong size: ${keys[0]} (${original.length + 5} bytes in the bucket, ${original.length} in the manifest)\n`);
        expect(usernamesIn(target.path)).toEqual(["kept.user"]);
      } finally {
        await target.drop();
      }
      const nowhere = join(dir, "no-such-folder", "app.db");
      const check = await run("restore", [file, "--check-objects-only"], `sqlite:${nowhere}`, env);
      expect(check.code).toBe(1);
      expect(check.stdout).toBe("");
      expect(check.stderr).toBe(
        `  wrong size: ${keys[0]} (${original.length + 5} bytes in the bucket, ${original.length} in the manifest)\n` +
          `Error: 1 of the 3 stored objects ${file}.objects.json lists is missing or differs in ${STORAGE}\n`,
      );
      expect(readdirSync(dir)).not.toContain("no-such-folder");
    });
    // The manifest itself may be named, and all is well again.
    const check = await run("restore", [`${file}.objects.json`, "--check-objects-only"], "sqlite::memory:", env);
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(new RegExp(`^Checked 3 stored objects in ${STORAGE}: every one there with its size \\(\\d+\\.\\d s\\)\n$`));
  });

  it("--verify-hashes catches an object changed to other bytes of the same size", async () => {
    const original = await s3.read(keys[2]);
    const changed = Buffer.from(original);
    changed[changed.length - 2] ^= 1;
    await withObject(keys[2], changed, async () => {
      const sizesOnly = await run("restore", [file, "--check-objects-only"], "sqlite::memory:", env);
      expect(sizesOnly.code, sizesOnly.stderr).toBe(0);
      const target = await stoppedDatabase();
      try {
        const restore = await run("restore", [file, "--verify-hashes"], target.url, env);
        expect(restore.code).toBe(1);
        expect(restore.stderr).toContain(`  changed: ${keys[2]} (its SHA-256 differs from the manifest's)\n`);
        expect(restore.stderr).toContain("nothing was restored");
        expect(usernamesIn(target.path)).toEqual(["kept.user"]);
      } finally {
        await target.drop();
      }
    });
    const verified = await run("restore", [file, "--check-objects-only", "--verify-hashes"], "sqlite::memory:", env);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`Checked 3 stored objects in ${STORAGE}: every one there with its size and SHA-256`);
  });

  it("refuses a backup with a manifest when STORAGE_URL is not set, unless --ignore-missing-objects", async () => {
    const target = await stoppedDatabase();
    try {
      const restore = await run("restore", [file], target.url);
      expect(restore.code).toBe(1);
      expect(restore.stderr.trim()).toBe(
        `Error: ${file}.objects.json lists the stored objects the backup's documents are in, but STORAGE_URL is not set: ` +
          "set STORAGE_URL (and S3_ENDPOINT for an S3-compatible server) to the bucket to check them in, or pass --ignore-missing-objects to restore without checking them",
      );
      expect(usernamesIn(target.path)).toEqual(["kept.user"]);
      const ignoring = await run("restore", [file, "--ignore-missing-objects"], target.url);
      expect(ignoring.code, ignoring.stderr).toBe(0);
      expect(ignoring.stderr.trim()).toBe(`Warning: the stored objects ${file}.objects.json lists were not checked: STORAGE_URL is not set (--ignore-missing-objects)`);
      expect(usernamesIn(target.path)).toEqual([`${PREFIX}.admin`, `${PREFIX}.agent`]);
    } finally {
      await target.drop();
    }
  });

  it("names the first 20 problems and counts the rest; the manifest is read a line at a time, or whole when laid out otherwise", async () => {
    const many = join(dir, "many.backup");
    async function* listed() {
      for (const key of keys) yield { key, size: (await s3.read(key)).length, sha256: "0".repeat(64) };
      for (let i = 0; i < 25; i++) yield { key: `${PREFIX}/gone/${i}`, size: 10, sha256: "0".repeat(64) };
    }
    await writeObjectManifest(many, listed(), STORAGE);
    const check = await run("restore", [many, "--check-objects-only"], "sqlite::memory:", env);
    expect(check.code).toBe(1);
    const lines = check.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(22);
    expect(lines.slice(0, 20).filter((line) => !/^ {2}missing: restore-objects\/gone\/\d+$/.test(line))).toEqual([]);
    expect(lines[20]).toBe("  ... and 5 more");
    expect(lines[21]).toBe(`Error: 25 of the 28 stored objects ${many}.objects.json lists are missing or differ in ${STORAGE}`);

    // Reformatted (jq, an editor): read whole.
    const pretty = join(dir, "pretty.backup");
    const objects = await Promise.all(keys.map(async (key) => ({ key, size: (await s3.read(key)).length, sha256: "0".repeat(64) })));
    writeFileSync(`${pretty}.objects.json`, JSON.stringify({ storage: STORAGE, objects, count: 3 }, null, 2));
    const whole = await run("restore", [pretty, "--check-objects-only"], "sqlite::memory:", env);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toContain(`Checked 3 stored objects in ${STORAGE}`);

    // Cut short: refused, as an incomplete list proves nothing.
    const cut = join(dir, "cut.backup");
    writeFileSync(`${cut}.objects.json`, `{"storage":"${STORAGE}","createdAt":"2026-01-01T00:00:00.000Z","objects":[\n${JSON.stringify(objects[0])},\n`);
    const incomplete = await run("restore", [cut, "--check-objects-only"], "sqlite::memory:", env);
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr.trim()).toBe(`Error: ${cut}.objects.json ends before its list does (after 1 objects): it is incomplete`);
  });
});

// Skipped only where the global setup found no PostgreSQL, which CI refuses (REQUIRE_POSTGRES).
describe.skipIf(!DIALECTS.includes("postgres"))("a PostgreSQL restore checks the stored objects before pg_restore", () => {
  const PREFIX = "restore-objects-pg";
  let s3: RunningS3;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "backup-objects-pg-"));
    s3 = await startS3();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a missing object leaving the database empty, then restores once it is back", async () => {
    const backed = await backedUp("postgres", s3, PREFIX, dir, 1);
    t = backed.t;
    const [key] = backed.keys;
    const original = await s3.read(key);
    const target = await createTestDatabase("postgres");
    const tables = async () => {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        return (await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n as number;
      } finally {
        await client.end();
      }
    };
    try {
      await s3.remove(key);
      const restore = await run("restore", [backed.file], target.url, s3.env(PREFIX));
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`  missing: ${key}\n`);
      expect(restore.stderr).toContain("nothing was restored");
      expect(await tables()).toBe(0);

      await s3.write(key, original);
      const again = await run("restore", [backed.file], target.url, s3.env(PREFIX));
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(`Checked 1 stored objects in s3://documents/${PREFIX}`);
      expect(await tables()).toBeGreaterThan(0);
    } finally {
      await target.drop();
    }
  });
});

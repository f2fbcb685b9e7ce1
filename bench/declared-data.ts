/**
 * The declared section's data set: a database migrated to the latest migration with an admin
 * (`admin` / `admin123`), BENCH_DECLARED_RECORDS records (default 100,000) of a declared resource and
 * the records its references need, each field filled with varied values made from its declaration.
 * Kept under data/bench/ like the lists' data set: declared-sqlite-<n>.db, or a database "declared"
 * in the bench's PostgreSQL cluster.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { hashPassword } from "../server/auth/passwords";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { toColumns } from "../server/resources/columns";
import { type AnyDataResource, type Field, hasSystemColumns, tableOf } from "../src/resources/model";
import { POSTGRES_SETTINGS, type BenchDialect } from "./data-set";
import { startPostgres } from "../tests/support/postgres";

const DIR = resolve("data/bench");
const WORDS = ["mason", "electrician", "driver", "cleaner", "welder", "plumber", "cook", "nurse", "farm", "helper", "carpenter", "painter"];
const COUNTRIES = ["Saudi Arabia", "United Arab Emirates", "Qatar", "Oman", "Kuwait", "Malaysia", "Singapore", "Jordan", "Bahrain", "Maldives"];

function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value of the field for record `n`: text varied (and unique where it must be), dates over ten years. */
function valueOf(name: string, f: Field, n: number, random: () => number): unknown {
  const pick = <T,>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  switch (f.kind) {
    case "text":
      if (f.unique) return `${name.slice(0, 3).toUpperCase()}-${String(n).padStart(7, "0")}`;
      if (f.format === "email") return `contact${n}@example.com`;
      if (f.format === "phone") return `+9665${String(10_000_000 + n).slice(-8)}`;
      if (/country/i.test(name)) return pick(COUNTRIES);
      return `${pick(WORDS)} ${pick(WORDS)} ${n % 97}`;
    case "longText":
      return `${pick(WORDS)} street ${n}`;
    case "number":
      return Math.max(f.min ?? 1, 1 + Math.floor(random() * 200));
    case "money":
      return 20_000 + Math.floor(random() * 100_000);
    case "date": {
      const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 3650) * 86_400_000);
      // An expiry comes after the dates declared before it (issue date → expiry date).
      if (f.expiry) day.setUTCFullYear(day.getUTCFullYear() + 1);
      return day.toISOString().slice(0, 10);
    }
    case "dateTime":
      return new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 3650 * 86_400_000)).toISOString();
    case "boolean":
      return random() < 0.5;
    case "enum":
      return pick(f.values);
    default:
      return null;
  }
}

/** Inserts `count` records of `resource`, references pointing at ids 1..`referenceIds` of their tables. */
async function fill(db: Kysely<any>, resource: AnyDataResource, count: number, referenceIds: number, createdBy: number, log: (line: string) => void) {
  const random = generator(count);
  const now = new Date().toISOString();
  for (let from = 0; from < count; from += 1_000) {
    const rows = [];
    for (let n = from + 1; n <= Math.min(count, from + 1_000); n++) {
      const values: Record<string, unknown> = {};
      for (const [name, f] of Object.entries(resource.fields)) {
        if (f.kind === "file") continue;
        values[name] = f.kind === "reference" ? 1 + Math.floor(random() * referenceIds) : valueOf(name, f, n, random);
      }
      rows.push({ ...toColumns(resource, values), ...(hasSystemColumns(resource) ? { created_at: now, updated_at: now, created_by: createdBy } : {}) });
    }
    await db.insertInto(tableOf(resource)).values(rows).execute();
    if ((from + 1_000) % 20_000 === 0) log(`  ${from + 1_000} ${resource.name}`);
  }
}

async function seed(url: string, resource: AnyDataResource, resources: readonly AnyDataResource[], count: number, log: (line: string) => void) {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db, database.dialect);
    const now = new Date().toISOString();
    const admin = await database.db
      .insertInto("users")
      .values({
        username: "admin", email: "admin@bench.test", password_hash: await hashPassword("admin123"), contact_number: "01712345678",
        emergency_contact_number: "01812345678", address: "Dhaka", nid_no: "1234567890", passport_no: "A1234567", created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const role = await database.db.selectFrom("roles").select("id").where("name", "=", "ADMIN").executeTakeFirstOrThrow();
    await database.db.insertInto("user_roles").values({ user_id: admin.id, role_id: role.id }).execute();
    const db = database.db as unknown as Kysely<any>;
    const referenceCount = Math.max(100, Math.round(count / 100));
    for (const [, f] of Object.entries(resource.fields)) {
      const target = f.kind === "reference" ? resources.find((r) => r.name === f.to) : undefined;
      if (target) await fill(db, target, referenceCount, referenceCount, admin.id, log);
    }
    await fill(db, resource, count, referenceCount, admin.id, log);
    // What autovacuum would have done by the time a table holds 100,000 records: the visibility map
    // lets counts and deep pages read indexes alone.
    if (database.dialect === "postgres") await sql`vacuum analyze`.execute(db);
  } finally {
    await database.close();
  }
}

export interface DeclaredDataSet {
  url: string;
  close(): void;
}

export async function declaredDataSet(
  dialect: BenchDialect,
  resource: AnyDataResource,
  resources: readonly AnyDataResource[],
  count: number,
  log: (line: string) => void,
): Promise<DeclaredDataSet> {
  mkdirSync(DIR, { recursive: true });
  if (dialect === "sqlite") {
    const file = `${DIR}/declared-sqlite-${resource.name}-${count}.db`;
    if (!existsSync(file)) {
      const partial = `${file}.partial`;
      for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
      log(`Generating ${count} ${resource.name} into ${file} (once; kept for later runs)`);
      await seed(`sqlite:${partial}`, resource, resources, count, log);
      renameSync(partial, file);
    }
    return { url: `sqlite:${file}`, close() {} };
  }
  const server = await startPostgres({ dir: `${DIR}/postgres-declared`, settings: POSTGRES_SETTINGS });
  if (!server) throw new Error("PostgreSQL binaries not found (install Debian's postgresql)");
  const name = `declared_${resource.name.replace(/-/g, "_")}_${count}`;
  const url = server.url.replace(/\/postgres$/, `/${name}`);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    const found = await admin.query("select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1", [name]);
    if (found.rows[0]?.note !== "seeded") {
      log(`Generating ${count} ${resource.name} into PostgreSQL database ${name} (once; kept for later runs)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await seed(url, resource, resources, count, log);
      await admin.query(`comment on database ${name} is 'seeded'`);
    }
  } catch (error) {
    server.stop();
    throw error;
  } finally {
    await admin.end();
  }
  return { url, close: () => server.stop() };
}

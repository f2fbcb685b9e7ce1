/**
 * A large, realistic data set for benchmarks (`npm run seed:large`): an agency with five years of
 * history. 50 agents (`agent` and `agent2` among them) and 5 admins (`admin` among them) besides
 * `superadmin`, all with the README's passwords; 100 slots, 20 a year; passports created evenly over
 * the five years, ids in order of creation, most of them APPROVED or REJECTED long ago and a few
 * percent still PENDING, REVIEWED or COMPLETED (mostly recent ones), each with the milestones, dates
 * and comments its status implies (passport-record.ts). Names are drawn by rank from names.ts, passport
 * and phone numbers are unique. The PRNG is seeded: the same size gives the same data set (dates
 * relative to the day of seeding). Passport events are not generated.
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import type { PassportStatus } from "../../src/contract";
import { hashPassword } from "../auth/passwords";
import { sqlitePath } from "../config";
import { openDatabase } from "../db/database";
import { migrateBefore, migrateToLatest } from "../db/migrate";
import { fromDbCount, toDbTimestamp } from "../db/values";
import { DEMO_ACCOUNTS } from "./demo";
import { MUSLIM_FAMILY, MUSLIM_FEMALE_GIVEN, MUSLIM_MALE_GIVEN } from "./names";
import { planRecord } from "./passport-record";
import { DHAKA_AREAS, mobileNumber, passportNumber, person } from "./people";
import { Random } from "./random";

const DAY = 86_400_000;
const YEARS = 5;
const AGENTS = 50;
const ADMINS = 5;
const SLOTS_PER_YEAR = 20;
const BATCH = 5_000;

export interface LargeSeedOptions {
  databaseUrl: string;
  passports: number;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

/** Status shares by the passport's age: recent ones are still in the workflow, old ones settled. */
const STATUS_BY_AGE: [maxDays: number, shares: [PassportStatus, number][]][] = [
  [14, [["PENDING", 0.55], ["REVIEWED", 0.35], ["COMPLETED", 0.03], ["REJECTED", 0.07]]],
  [60, [["PENDING", 0.08], ["REVIEWED", 0.45], ["COMPLETED", 0.2], ["APPROVED", 0.15], ["REJECTED", 0.12]]],
  [180, [["PENDING", 0.03], ["REVIEWED", 0.15], ["COMPLETED", 0.15], ["APPROVED", 0.44], ["REJECTED", 0.23]]],
  [Infinity, [["PENDING", 0.02], ["REVIEWED", 0.02], ["COMPLETED", 0.015], ["APPROVED", 0.585], ["REJECTED", 0.36]]],
];

function statusFor(random: Random, ageDays: number): PassportStatus {
  const [, shares] = STATUS_BY_AGE.find(([max]) => ageDays < max)!;
  let roll = random.next();
  for (const [status, share] of shares) if ((roll -= share) < 0) return status;
  return shares[shares.length - 1][0];
}

/** A pick weighted by rank (1/(k+1)^exponent), for agents' and admins' shares of the work. */
function rankedPicker<T>(items: T[], exponent: number): (random: Random) => T {
  let total = 0;
  const cumulative = items.map((_, k) => (total += 1 / (k + 1) ** exponent));
  return (random) => {
    const x = random.next() * total;
    return items[cumulative.findIndex((c) => c >= x)];
  };
}

/** Usernames of staff: the README's accounts, then first.last names. */
function staffNames(random: Random, fixed: string[], count: number): string[] {
  const names = new Set(fixed);
  while (names.size < count) {
    const given = random.pick(random.chance(0.7) ? MUSLIM_MALE_GIVEN : MUSLIM_FEMALE_GIVEN);
    names.add(`${given}.${random.pick(MUSLIM_FAMILY)}`.toLowerCase().replace(/[^a-z.]+/g, ""));
  }
  return [...names];
}

async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

interface Staff {
  id: number;
  username: string;
}

export async function seedLarge({ databaseUrl, passports, seed = 20260101, now = new Date(), log = console.log }: LargeSeedOptions): Promise<void> {
  const started = Date.now();
  const file = sqlitePath(databaseUrl);
  if (file === undefined) await ensurePostgresDatabase(databaseUrl);
  const database = openDatabase(databaseUrl);
  const { db } = database;
  let staff: { superAdmin: number; admins: Staff[]; agents: Staff[]; slots: { id: number; name: string }[] };
  const random = new Random(seed);
  let bulk: boolean;
  try {
    // Passports load fastest before migration 0005's indexes and triggers, which then fill in bulk.
    bulk = await migrateBefore(db, database.dialect, "0005_list_search");
    if (!bulk) await migrateToLatest(db, database.dialect);
    const existing = await db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    if (fromDbCount(existing.n) > 0) throw new Error("seed:large fills an empty database, and this one has accounts already");

    const passwords = new Map<string, string>();
    for (const password of ["superadmin123", "admin123", "agent123"]) passwords.set(password, await hashPassword(password));
    const demoPassword = (username: string) => DEMO_ACCOUNTS.find((a) => a.username === username)?.password;
    const adminNames = staffNames(random, ["admin"], ADMINS);
    const agentNames = staffNames(random, ["agent", "agent2"], AGENTS + ADMINS).filter((n) => !adminNames.includes(n)).slice(0, AGENTS);
    const created = toDbTimestamp(new Date(now.getTime() - YEARS * 365 * DAY));
    const account = (username: string, password: string) => ({
      username,
      email: `${username}@large-agency.com.bd`,
      password_hash: passwords.get(password)!,
      contact_number: mobileNumber(random),
      emergency_contact_number: mobileNumber(random),
      address: random.pick(DHAKA_AREAS),
      nid_no: random.digits(10),
      passport_no: passportNumber(random),
      created_at: created,
      updated_at: created,
    });
    const users = await db
      .insertInto("users")
      .values([
        account("superadmin", "superadmin123"),
        ...adminNames.map((n) => account(n, demoPassword(n) ?? "admin123")),
        ...agentNames.map((n) => account(n, demoPassword(n) ?? "agent123")),
      ])
      .returning(["id", "username"])
      .execute();
    const roles = new Map((await db.selectFrom("roles").select(["id", "name"]).execute()).map((r) => [r.name, r.id]));
    const roleOf = (username: string) => (username === "superadmin" ? "SUPER_ADMIN" : adminNames.includes(username) ? "ADMIN" : "AGENT");
    await db.insertInto("user_roles").values(users.map((u) => ({ user_id: u.id, role_id: roles.get(roleOf(u.username))! }))).execute();

    const firstYear = now.getUTCFullYear() - YEARS + 1;
    const slotNames = Array.from({ length: YEARS * SLOTS_PER_YEAR }, (_, i) => `SLOT-${firstYear + Math.floor(i / SLOTS_PER_YEAR)}-${String((i % SLOTS_PER_YEAR) + 1).padStart(2, "0")}`);
    const slots = await db.insertInto("slots").values(slotNames.map((slot_name) => ({ slot_name }))).returning(["id", "slot_name"]).execute();
    staff = {
      superAdmin: users.find((u) => u.username === "superadmin")!.id,
      admins: users.filter((u) => adminNames.includes(u.username)),
      agents: agentNames.map((n) => users.find((u) => u.username === n)!),
      slots: slots.map((s) => ({ id: s.id, name: s.slot_name })),
    };
  } finally {
    await database.close();
  }

  const rows = generatePassports(random, passports, now, staff);
  const insert = file === undefined ? await postgresInserter(databaseUrl) : sqliteInserter(file);
  try {
    let done = 0;
    for (let batch = rows.next(); !batch.done; batch = rows.next()) {
      // Loaded before migration 0006, which adds these two columns (and fills comment_count and the
      // comment threads from the stored comments itself); status_changed_at is set after it, below.
      if (bulk) {
        for (const row of batch.value) {
          delete row.status_changed_at;
          delete row.comment_count;
        }
      }
      await insert.rows(batch.value);
      done += batch.value.length;
      if (done % 100_000 === 0) log(`  ${done} passports (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  } finally {
    await insert.close();
  }
  if (bulk) {
    log(`Building the list indexes (${Math.round((Date.now() - started) / 1000)} s)`);
    const migrated = openDatabase(databaseUrl);
    try {
      if (file !== undefined) await sql`pragma synchronous = off`.execute(migrated.db); // a fresh file: nothing to lose
      await migrateToLatest(migrated.db, migrated.dialect);
      // A passport that left PENDING entered its status when it was last updated (the seed's later
      // changes are comments, which leave it within a day or so of that).
      await sql`update passports set status_changed_at = updated_at where status <> 'PENDING'`.execute(migrated.db);
    } finally {
      await migrated.close();
    }
  }
  log(`Refreshing the planner's statistics (${Math.round((Date.now() - started) / 1000)} s)`);
  await refreshStatistics(databaseUrl);
  log(`Seeded ${passports} passports in ${Math.round((Date.now() - started) / 1000)} s`);
}

type Row = Record<string, string | number | boolean | null>;

/** The passports in order of creation, in batches. */
function* generatePassports(random: Random, count: number, now: Date, staff: { superAdmin: number; admins: Staff[]; agents: Staff[]; slots: { id: number; name: string }[] }): Generator<Row[]> {
  const start = now.getTime() - YEARS * 365 * DAY;
  const span = YEARS * 365 * DAY - DAY; // the newest a day old
  const agentOf = rankedPicker(staff.agents, 0.8);
  const adminOf = rankedPicker(staff.admins, 0.6);
  const numbers = new Set<string>();
  const phones = new Set<string>();
  const unique = (set: Set<string>, make: () => string) => {
    let value = make();
    while (set.has(value)) value = make();
    set.add(value);
    return value;
  };
  let batch: Row[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(start + Math.floor((span * (i + random.next() * 0.99)) / count));
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
    const status = statusFor(random, ageDays);
    const doneBy = new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + random.int(7, 150) * DAY));
    // Slots follow the calendar: a passport goes to one of the slots of its months.
    const slotIndex = Math.min(staff.slots.length - 1, Math.max(0, Math.floor(((createdAt.getTime() - start) / (YEARS * 365 * DAY)) * staff.slots.length) + random.int(-1, 1)));
    const { row } = planRecord(random, {
      who: person(random),
      passportNo: unique(numbers, () => passportNumber(random)),
      telephone: unique(phones, () => mobileNumber(random)),
      agent: agentOf(random),
      slot: staff.slots[slotIndex],
      status,
      createdAt,
      doneBy,
      ids: { admin: adminOf(random).id, superAdmin: staff.superAdmin },
      withEvents: false,
    });
    batch.push(row as Row);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

interface Inserter {
  rows(rows: Row[]): Promise<void>;
  close(): Promise<void>;
}

/** ANALYZE, and on PostgreSQL VACUUM too: index-only scans need the visibility map it sets. */
async function refreshStatistics(databaseUrl: string): Promise<void> {
  const file = sqlitePath(databaseUrl);
  if (file !== undefined) {
    const sqlite = new SQLite(file);
    sqlite.exec("analyze");
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

function sqliteInserter(file: string): Inserter {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -524288"); // the load alone: 512 MB keeps the indexes being filled in memory
  sqlite.pragma("foreign_keys = OFF"); // every agent, admin and slot was just created
  let statement: SQLite.Statement | undefined;
  let columns: string[] = [];
  const insertBatch = sqlite.transaction((rows: Row[]) => {
    for (const row of rows) statement!.run(columns.map((c) => row[c] ?? null));
  });
  return {
    async rows(rows) {
      if (!statement) {
        columns = Object.keys(rows[0]);
        statement = sqlite.prepare(`insert into passports (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
      }
      insertBatch(rows);
    },
    async close() {
      sqlite.close();
    },
  };
}

const PG_TYPES: Record<string, string> = {
  agent_id: "int4", admin_id: "int4", slot_id: "int4", contract_amount: "int4",
  passport_issue_date: "date", passport_expire_date: "date", dob: "date", visa_issue_date: "date", visa_expire_date: "date",
  flight_schedule_date: "timestamptz", created_at: "timestamptz", updated_at: "timestamptz", status_changed_at: "timestamptz", comment_count: "int4",
  is_work_permit_approved: "bool", is_gadget_published: "bool", is_visa_applied: "bool", is_visa_granted: "bool", is_bmet_approved: "bool", is_flight_scheduled: "bool",
};

async function postgresInserter(url: string): Promise<Inserter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set synchronous_commit = off");
  return {
    async rows(rows) {
      const columns = Object.keys(rows[0]);
      const types = columns.map((c) => PG_TYPES[c] ?? "text");
      const arrays = columns.map((c, i) => rows.map((r) => (types[i] === "bool" ? r[c] === 1 || r[c] === true : (r[c] ?? null))));
      await client.query(
        `insert into passports (${columns.join(", ")}) select * from unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(", ")})`,
        arrays,
      );
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * The lists' fast paths (counters, the text index, keyset pages; docs/lists.md) against a plain scan
 * of passports, on a few thousand seed:large passports and a few hundred random queries: every page
 * and total must be the same. Then random writes made in SQL, as any code might make them, and the
 * comparison again: the triggers keep counters and index in step.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSPORT_STATUSES, type PassportListQuery, passportListQuerySchema } from "../../src/contract";
import { forTests, type ListScope, listPassports } from "../../server/passports/list";
import { COUNTED_MILESTONES } from "../../server/db/migrations/0007_milestone_counts";
import { NAME_VISA_TYPES, nameVisaColumn } from "../../server/db/migrations/0013_name_visa_counts";
import { seedLarge } from "../../server/seed/large";
import { Random } from "../../server/seed/random";
import { insertPassport } from "./fixtures";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const { scanPassports } = forTests;
const PASSPORTS = 3_000;
/** The shortcuts of small lists off: a few thousand passports take the paths of a million. */
const AS_IF_A_MILLION = { keptIds: 0, namedBelow: 0, gramsFrom: 0 };

interface Sample {
  full_name: string;
  passport_no: string;
  telephone: string;
  agent_name: string;
  visa_type: string;
  slot_name: string;
}

describe.each(DIALECTS)("list fast paths against a scan on %s", (dialect) => {
  let t: TestApp;
  let rows: Sample[];
  let agentIds: number[];
  let adminIds: number[];
  const random = new Random(7);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedLarge({ databaseUrl: t.config.databaseUrl, passports: PASSPORTS, log: () => {} });
    // Some names carry LIKE's wildcards and its escape, taken literally by every filter.
    await sql`update passports set full_name = full_name || ${" 50% o_k \\ x"} where id % 50 = 0`.execute(t.db);
    await loadSamples();
  }, 120_000);
  afterAll(() => t.close());

  async function loadSamples() {
    rows = await t.db.selectFrom("passports").innerJoin("slots", "slots.id", "passports.slot_id")
      .select(["full_name", "passport_no", "telephone", "agent_name", "visa_type", "slots.slot_name"]).execute();
    agentIds = [...new Set((await t.db.selectFrom("passports").select("agent_id").execute()).map((r) => r.agent_id))];
    adminIds = [...new Set((await t.db.selectFrom("passports").select("admin_id").execute()).map((r) => r.admin_id!).filter(Boolean))];
  }

  /** A piece of a real value (or something else), in a random case: what a user types. */
  function fragment(value: string): string {
    const kind = random.next();
    if (kind < 0.1) return random.pick(["zzqx", "%", "_", "50%", "a_b", "\\", '"', "'", "Ü", "é", "\u0001", "ab\u0001"]);
    const length = kind < 0.35 ? random.int(1, 2) : random.int(3, Math.max(3, Math.min(8, value.length)));
    const start = random.int(0, Math.max(0, value.length - length));
    const piece = value.slice(start, start + length);
    return random.chance(0.5) ? piece.toUpperCase() : random.chance(0.5) ? piece.toLowerCase() : piece;
  }

  const FILTERS: [keyof PassportListQuery, keyof Sample][] = [
    ["fullName", "full_name"],
    ["passportNo", "passport_no"],
    ["telephone", "telephone"],
    ["agentName", "agent_name"],
    ["visaType", "visa_type"],
    ["slot", "slot_name"],
  ];

  function randomList(): { scope: ListScope; query: PassportListQuery; about: string } {
    const scopes: ListScope[] = [
      {},
      { statuses: [random.pick(PASSPORT_STATUSES)] },
      { statuses: ["PENDING", "REVIEWED"] },
      { agentId: random.pick(agentIds) },
      { agentId: random.pick(agentIds), statuses: [random.pick(PASSPORT_STATUSES)] },
      { agentOrAdminId: random.pick([...adminIds, ...agentIds]) },
    ];
    const scope = random.pick(scopes);
    const raw: Record<string, string> = {};
    const sample = random.pick(rows);
    for (let n = random.int(0, 3); n > 0; n--) {
      const [key, column] = random.pick(FILTERS);
      raw[key] = fragment(sample[column]);
    }
    if (random.chance(0.2)) raw.isSuperAdminApproved = random.chance(0.8) ? random.pick(PASSPORT_STATUSES).toLowerCase() : "OTHER";
    const size = random.pick([1, 10, 50, 100]);
    raw.size = String(size);
    raw.page = String(random.chance(0.7) ? random.int(0, 3) : random.int(0, Math.ceil(PASSPORTS / size)));
    return { scope, query: passportListQuerySchema.parse(raw), about: JSON.stringify({ scope, raw }) };
  }

  async function compare(times: number) {
    for (let i = 0; i < times; i++) {
      const { scope, query, about } = randomList();
      // Every other list without the shortcuts of small lists: the paths a million passports take.
      const fast = await listPassports(t, scope, query, i % 2 ? AS_IF_A_MILLION : {});
      const scan = await scanPassports(t.db, scope, query);
      expect({ total: fast.total, ids: fast.content.map((p) => p.id) }, about).toEqual({ total: scan.total, ids: scan.content.map((p) => p.id) });
      expect(fast.content, about).toEqual(scan.content);
    }
  }

  /** The counters equal a count of passports, group by group. */
  async function expectCountersInStep() {
    const counted = await sql<{ status: string; agent_id: number; agent_name: string; admin_key: number; visa_type: string; n: unknown }>`
      select status, agent_id, agent_name, admin_key, visa_type, n from passport_counts where n <> 0 order by 1, 2, 3, 4, 5`.execute(t.db);
    const scanned = await sql<{ status: string; agent_id: number; agent_name: string; admin_key: number; visa_type: string; n: unknown }>`
      select status, agent_id, agent_name, coalesce(admin_id, 0) as admin_key, visa_type, count(*) as n from passports
      group by status, agent_id, agent_name, coalesce(admin_id, 0), visa_type order by 1, 2, 3, 4, 5`.execute(t.db);
    const norm = (r: { n: unknown }) => ({ ...r, n: Number(r.n) });
    expect(counted.rows.map(norm)).toEqual(scanned.rows.map(norm));
    // Per status, and per status and visa type (migration 0013).
    const known = sql.raw(`'PENDING', 'REVIEWED', 'COMPLETED', 'APPROVED', 'REJECTED'`);
    const statusCounts = [
      ...["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"].map((s) => ({ column: s.toLowerCase(), status: sql<boolean>`status = ${s}` })),
      { column: "other", status: sql<boolean>`status not in (${known})` },
    ];
    const counts = statusCounts.flatMap(({ column, status }) => [
      { column, when: status },
      ...NAME_VISA_TYPES.map((visa) => ({ column: nameVisaColumn(column, visa), when: sql<boolean>`${status} and visa_type = ${visa}` })),
    ]);
    const names = await sql<Record<string, unknown>>`select name, ${sql.join(counts.map((c) => sql.ref(c.column)))} from passport_names
      where pending + reviewed + completed + approved + rejected + other > 0 order by name`.execute(t.db);
    const grouped = await sql<Record<string, unknown>>`select lower(full_name) as name, ${sql.join(
      counts.map((c) => sql`sum(case when ${c.when} then 1 else 0 end) as ${sql.ref(c.column)}`),
    )} from passports group by lower(full_name) order by lower(full_name)`.execute(t.db);
    const kept = names.rows.map((r) => Object.values(r).map(String).join("|"));
    const fresh = grouped.rows.map((r) => Object.values(r).map(String).join("|"));
    expect(kept.filter((r) => !fresh.includes(r)), "passport_names").toEqual(fresh.filter((r) => !kept.includes(r)));
    const flags = sql.raw(COUNTED_MILESTONES.join(", "));
    const milestones = await sql<Record<string, unknown>>`select status, agent_id, n, ${flags} from passport_milestone_counts
      where n <> 0 order by status, agent_id`.execute(t.db);
    const flagged = await sql<Record<string, unknown>>`select status, agent_id, count(*) as n, ${sql.join(
      COUNTED_MILESTONES.map((c) => sql`sum(case when ${sql.ref(c)} then 1 else 0 end) as ${sql.ref(c)}`),
    )} from passports group by status, agent_id order by status, agent_id`.execute(t.db);
    const values = (r: Record<string, unknown>) => Object.values(r).map(String);
    expect(milestones.rows.map(values), "passport_milestone_counts").toEqual(flagged.rows.map(values));
    if (dialect === "postgres") {
      // Per column, run of two or three characters (of the lower-cased value) and status (migration 0014).
      const kept = await sql<Record<string, unknown>>`select col, gram, status, n from passport_gram_counts where n <> 0 order by 1, 2, 3`.execute(t.db);
      const fresh = await sql<Record<string, unknown>>`select p.col, p.gram, passports.status, count(*) as n from passports, lateral (
          select distinct c.col, substr(c.v, i, len) as gram from (values ('passport_no', lower(passports.passport_no)), ('telephone', lower(passports.telephone))) c(col, v),
            (values (2), (3)) g(len), generate_series(1, char_length(c.v) - len + 1) i) p
        group by 1, 2, 3 order by 1, 2, 3`.execute(t.db);
      const values = (r: Record<string, unknown>) => Object.values(r).map(String);
      expect(kept.rows.map(values), "passport_gram_counts").toEqual(fresh.rows.map(values));
    }
    for (const [table, key] of [["passport_slot_counts", "status, slot_id, agent_id"], ["passport_block_counts", "status, block"]] as const) {
      const kept = await sql<{ n: unknown }>`select ${sql.raw(key)}, n from ${sql.table(table)} where n <> 0 order by ${sql.raw(key)}`.execute(t.db);
      const group = key.replace("block", "id / 1024");
      const fresh = await sql<{ n: unknown }>`select ${sql.raw(group)}, count(*) as n from passports group by ${sql.raw(group)} order by ${sql.raw(group)}`.execute(t.db);
      expect(kept.rows.map((r) => Object.values(r).map(String)), table).toEqual(fresh.rows.map((r) => Object.values(r).map(String)));
    }
  }

  it("answers every random list as a scan does", async () => {
    expect(rows.length).toBe(PASSPORTS);
    await compare(300);
  }, 120_000);

  it("pages through a name with an admin, a visa type or a slot as a scan does", async () => {
    // The commonest family name, so that each list has several pages.
    const counts = new Map<string, number>();
    for (const r of rows) for (const word of r.full_name.toLowerCase().split(" ").filter((w) => w.length >= 4)) counts.set(word, (counts.get(word) ?? 0) + 1);
    const fullName = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const cases: [ListScope, Record<string, string>][] = [
      [{ agentOrAdminId: adminIds[0] }, { fullName }],
      [{}, { fullName, visaType: rows[0].visa_type }],
      [{ statuses: ["APPROVED", "REJECTED"] }, { fullName: fullName.slice(1), slot: rows[0].slot_name.slice(0, 9) }],
    ];
    for (const [scope, raw] of cases) {
      const first = await scanPassports(t.db, scope, passportListQuerySchema.parse({ ...raw, size: "7" }));
      expect(first.total, JSON.stringify(raw)).toBeGreaterThan(14);
      for (const page of [0, 1, Math.floor(first.total / 7)]) {
        const query = passportListQuerySchema.parse({ ...raw, size: "7", page: String(page) });
        const fast = await listPassports(t, scope, query);
        const scan = await scanPassports(t.db, scope, query);
        expect({ total: fast.total, ids: fast.content.map((p) => p.id) }, `${JSON.stringify({ scope, raw })} page ${page}`).toEqual({ total: scan.total, ids: scan.content.map((p) => p.id) });
      }
    }
  });

  it("takes LIKE's wildcards and escape literally in a name filter, alone or with a status", async () => {
    for (const fullName of ["%", "_", "50%", "O_K", "\\", "% o_k \\ x"]) {
      for (const scope of [{}, { statuses: ["APPROVED"] }, { statuses: ["PENDING", "REVIEWED"] }] satisfies ListScope[]) {
        const query = passportListQuerySchema.parse({ fullName, size: "20" });
        const scan = await scanPassports(t.db, scope, query);
        expect(scan.total, fullName).toBeGreaterThan(0);
        const fast = await listPassports(t, scope, query);
        expect({ total: fast.total, ids: fast.content.map((p) => p.id) }, `${fullName} ${JSON.stringify(scope)}`).toEqual({ total: scan.total, ids: scan.content.map((p) => p.id) });
      }
    }
  });

  it("stays in step with writes made in SQL, whatever code makes them", async () => {
    const ids = (await t.db.selectFrom("passports").select("id").execute()).map((r) => r.id);
    const slots = (await t.db.selectFrom("slots").select("id").execute()).map((r) => r.id);
    const pick = () => random.pick(ids);
    await t.db.updateTable("passports").set({ status: "REVIEWED" }).where("id", "in", ids.slice(0, 200)).execute();
    await t.db.updateTable("passports").set({ status: "LEGACY_BY_ADMIN" }).where("id", "in", [pick(), pick(), pick()]).execute();
    await t.db.updateTable("passports").set({ visa_type: "BUSINESSVISA" }).where("id", "in", [pick(), pick()]).execute();
    await t.db.updateTable("passports").set({ agent_id: random.pick(agentIds) }).where("id", "in", [pick(), pick(), pick()]).execute();
    await t.db.updateTable("passports").set({ slot_id: random.pick(slots), admin_id: null }).where("id", "in", [pick(), pick()]).execute();
    await t.db.updateTable("passports").set({ full_name: "Émile Ünal 50% off_x \\ \"q\"", telephone: "+880 1711-000000" }).where("id", "=", pick()).execute();
    await t.db.updateTable("passports").set({ updated_at: new Date().toISOString() }).where("id", "in", ids.slice(0, 50)).execute();
    await t.db.updateTable("passports").set({ is_visa_applied: 1, is_visa_granted: 1 }).where("id", "in", ids.slice(100, 300)).execute();
    await t.db.updateTable("passports").set({ is_work_permit_approved: 0 }).where("id", "in", ids.slice(0, 150)).execute();
    await t.db.deleteFrom("passports").where("id", "in", [pick(), pick()]).execute();
    // An agent renamed: the API updates the copy of the name on the agent's passports.
    const renamed = random.pick(agentIds);
    await t.db.updateTable("passports").set({ agent_name: "renamed.agent" }).where("agent_id", "=", renamed).execute();
    await insertPassport(t, { agentId: random.pick(agentIds), agentName: "agent", slotId: random.pick(slots), fullName: "Newly Added Person", adminId: random.pick(adminIds) });
    await expectCountersInStep();
    // Two-character filters found only through a character these writes brought to the column
    // ("11" followed by "-"): PostgreSQL's list of the characters each column holds kept up.
    for (const raw of [{ telephone: "11" }, { telephone: "1-" }, { telephone: "+8" }, { fullName: '"q' }, { fullName: "f_" }]) {
      const query = passportListQuerySchema.parse({ ...raw, size: "100" });
      const scan = await scanPassports(t.db, {}, query);
      expect(scan.total, JSON.stringify(raw)).toBeGreaterThan(0);
      for (const options of [{}, AS_IF_A_MILLION]) {
        const fast = await listPassports(t, {}, query, options);
        expect({ total: fast.total, ids: fast.content.map((p) => p.id) }, JSON.stringify(raw)).toEqual({ total: scan.total, ids: scan.content.map((p) => p.id) });
      }
    }
    await loadSamples();
    await compare(150);
  }, 120_000);

  it("keeps the status filter exact and a mixed-up agent name correct", async () => {
    // Passports of one agent carrying two names (written outside the API) are still listed exactly.
    const agent = agentIds[0];
    const one = await t.db.selectFrom("passports").select("id").where("agent_id", "=", agent).limit(1).executeTakeFirstOrThrow();
    await t.db.updateTable("passports").set({ agent_name: "someone.else" }).where("id", "=", one.id).execute();
    for (const agentName of ["someone", "else", "agent", "."]) {
      const query = passportListQuerySchema.parse({ agentName, size: "100" });
      const fast = await listPassports(t, {}, query);
      const scan = await scanPassports(t.db, {}, query);
      expect(fast.total).toBe(scan.total);
      expect(fast.content.map((p) => p.id)).toEqual(scan.content.map((p) => p.id));
    }
    const reviewed = passportListQuerySchema.parse({ isSuperAdminApproved: "reviewed" });
    expect((await listPassports(t, {}, reviewed)).total).toBe((await scanPassports(t.db, {}, reviewed)).total);
  });
});

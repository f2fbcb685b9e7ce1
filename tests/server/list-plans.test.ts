/**
 * The planner's choices for every kind of list, checked with EXPLAIN on both databases (docs/lists.md):
 * the queries a list request runs are captured and explained. Totals of lists without text filters
 * come from the counters; text filters read passport_search (SQLite: the FTS5 index, its key range
 * and MATCH; PostgreSQL: the status's trigram index); pages read an index in list order.
 */
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sqlitePath } from "../../server/config";
import { seedLarge } from "../../server/seed/large";
import { call, createTestApp, DIALECTS, type TestApp, type TestUser } from "./harness";

interface Captured {
  sql: string;
  params: unknown[];
}

describe.each(DIALECTS)("list query plans on %s", (dialect) => {
  let t: TestApp;
  let superAdmin: TestUser;
  let agentId: number;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedLarge({ databaseUrl: t.config.databaseUrl, passports: 1_500, log: () => {} });
    const login = await call(t, undefined, { method: "POST", url: "/auth/login", payload: { username: "superadmin", password: "superadmin123" } });
    superAdmin = { id: 0, username: "superadmin", token: login.json().replyMessage.token };
    const ids = Object.fromEntries((await t.db.selectFrom("users").select(["id", "username"]).execute()).map((u) => [u.username, u.id]));
    agentId = ids.agent;
    adminId = ids.admin;
  }, 120_000);
  afterAll(() => t.close());

  /** The SQL and parameters of every query on passports, passport_search or the names' and runs' counters that a request runs. */
  async function queriesOf(url: string): Promise<Captured[]> {
    const seen: Captured[] = [];
    const wanted = (text: string) => /\b(passports|passport_search|passport_names|passport_gram_counts)\b/.test(text) && !/^\s*(insert|update|delete)/i.test(text);
    let restore: () => void;
    if (dialect === "sqlite") {
      const probe = new SQLite(":memory:");
      const prototype = Object.getPrototypeOf(probe.prepare("select 1"));
      probe.close();
      const spies = (["all", "get"] as const).map((method) => {
        const original = prototype[method];
        return vi.spyOn(prototype, method).mockImplementation(function (this: { source: string }, ...args: unknown[]) {
          if (wanted(this.source)) seen.push({ sql: this.source, params: (args[0] as unknown[]) ?? [] });
          return original.apply(this, args);
        });
      });
      restore = () => spies.forEach((s) => s.mockRestore());
    } else {
      const original = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
        if (typeof args[0] === "string" && wanted(args[0])) seen.push({ sql: args[0], params: (args[1] as unknown[]) ?? [] });
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as never);
      restore = () => spy.mockRestore();
    }
    try {
      const res = await call(t, superAdmin, { method: "GET", url });
      expect(res.statusCode, url).toBe(200);
    } finally {
      restore();
    }
    return seen;
  }

  /** passport_search's btree indexes on PostgreSQL, and the trigram indexes of its whole columns per status. */
  const BTREES = ["passport_search_status_id_idx", "passport_search_agent_idx", "passport_search_phone_prefix_idx"];
  const STATUS_INDEXES = ["pending", "reviewed", "completed", "approved", "rejected", "other"];
  const TRIGRAMS = STATUS_INDEXES.map((s) => `passport_search_${s}_trgm`);
  const PHONE_INFIX = STATUS_INDEXES.map((s) => `passport_search_${s}_phone_infix`);

  /**
   * The plan of a query as text, one line per step. On PostgreSQL the indexes `dropped` are dropped
   * first (in a transaction rolled back): the plan then shows whether those left fit the query (with
   * the btree indexes dropped, the status's trigram index), which a small test table would not choose.
   */
  async function planOf(q: Captured, dropped: string[] = []): Promise<string> {
    if (dialect === "sqlite") {
      const raw = new SQLite(sqlitePath(t.config.databaseUrl)!, { readonly: true });
      try {
        return (raw.prepare(`explain query plan ${q.sql}`).all(...q.params) as { detail: string }[]).map((p) => p.detail).join("\n");
      } finally {
        raw.close();
      }
    }
    // With sequential scans ruled out, a plan that still has one means no index fits the query.
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      if (dropped.length) await client.query(`drop index ${dropped.join(", ")}`);
      const { rows } = await client.query(`explain ${q.sql}`, q.params);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await client.query("rollback");
      await client.end();
    }
  }

  async function plans(url: string): Promise<{ sql: string; plan: string }[]> {
    const queries = await queriesOf(url);
    expect(queries.length, url).toBeGreaterThan(0);
    return Promise.all(queries.map(async (q) => ({ sql: q.sql, plan: await planOf(q) })));
  }

  const lists = () => [
    "/api/passport/get-pending-passports",
    "/api/passport/get-approved-passports?page=20",
    "/api/passport/get-pending-and-reviewed-passports",
    "/api/passport/get-history",
    "/api/passport/get-history?page=120",
    "/api/passport/filter?isSuperAdminApproved=COMPLETED&size=50",
    `/api/passport/filter-agent-specific-passports/${agentId}`,
    `/api/passport/get-agent-pending-and-reviewed-passports/${agentId}`,
    `/api/passport/get-agent-passports/${adminId}`,
  ];

  it("lists without filters count from the counters and read a page in index order", async () => {
    for (const url of lists()) {
      for (const { sql, plan } of await plans(url)) {
        expect(sql, url).not.toMatch(/count\(\*\)/i);
        expect(plan, `${url}\n${sql}`).not.toMatch(/Seq Scan|TEMP B-TREE|SCAN passports USING|SCAN passport_search/);
        if (dialect === "sqlite" && /from "passports"/.test(sql) && !/"passports"\."id" in/.test(sql)) {
          // Every status: the key in descending order; else an index of the list's status or owner.
          expect(plan, `${url}\n${sql}`).toMatch(/SEARCH passports USING (COVERING )?INDEX passports_(status_id|agent_status_id|agent_id|admin_id)_idx|^SCAN passports$/);
        }
      }
    }
  });

  const textFilters = () => [
    "/api/passport/filter-history?fullName=hossain",
    "/api/passport/filter-history?telephone=0171&passportNo=a1",
    "/api/passport/get-approved-passports?fullName=rahim&slot=slot",
    "/api/passport/filter?isSuperAdminApproved=PENDING&passportNo=eb&visaType=work",
    `/api/passport/filter-agent-specific-passports/${agentId}?fullName=akter`,
    `/api/passport/get-agent-passports/${adminId}?telephone=017`,
  ];

  it.runIf(dialect === "postgres")("a text filter of two characters or more fits the trigram index of its status", async () => {
    for (const url of [
      "/api/passport/filter-history?passportNo=a12&visaType=work",
      "/api/passport/get-approved-passports?passportNo=a12&agentName=agent",
      // A phone with another text filter: both meet in the whole columns' index.
      "/api/passport/get-approved-passports?telephone=0171&passportNo=a12",
      // Two characters: as the three-character patterns they begin, from the characters the column holds.
      "/api/passport/filter-history?telephone=99&visaType=work",
      "/api/passport/get-approved-passports?telephone=71&fullName=ah",
    ]) {
      // The counts of each status (not the sample that tells a dense pair): each in its status's index.
      const counts = (await queriesOf(url)).filter((q) => /passport_search/.test(q.sql) && /count\(\*\)/.test(q.sql) && !/filter \(where/.test(q.sql));
      expect(counts.length, url).toBeGreaterThan(0);
      for (const q of counts) {
        const statuses = [...q.sql.matchAll(/status = '(\w+)'/g)].map((m) => m[1].toLowerCase());
        expect(statuses.length, q.sql).toBeGreaterThan(0);
        const plan = await planOf(q, BTREES);
        for (const status of statuses) expect(plan, `${url}\n${q.sql}`).toMatch(new RegExp(`Bitmap Index Scan on passport_search_${status}_trgm`));
      }
    }
  });

  it.runIf(dialect === "postgres")("a two-character filter with a few agents, or in a tenth of the passports, is counted in index order", async () => {
    // "01" begins every phone.
    for (const url of ["/api/passport/filter-history?fullName=md&agentName=agent", "/api/passport/filter-history?telephone=01&visaType=work"]) {
      const counts = (await queriesOf(url)).filter((q) => /passport_search/.test(q.sql) && /count\(\*\) as n from/.test(q.sql));
      expect(counts.length, url).toBeGreaterThan(0);
      // The pair itself, read in index order, not the union of the three-character patterns it begins
      // (which the trigram indexes answer).
      for (const q of counts) expect(q.sql.match(/ like /g), q.sql).toHaveLength(1);
    }
  });

  it.runIf(dialect === "postgres")("a phone filter of three characters or more is read as the phones it begins and those it is in past their first character", async () => {
    for (const url of [
      "/api/passport/filter-history?telephone=0171&visaType=work",
      "/api/passport/get-approved-passports?telephone=0171&agentName=agent",
      `/api/passport/get-agent-passports/${adminId}?telephone=017`,
    ]) {
      const counts = (await queriesOf(url)).filter((q) => /passport_search/.test(q.sql) && /count\(\*\)|array_agg/.test(q.sql));
      const [infix, prefix] = [counts.filter((q) => /substr\(/.test(q.sql)), counts.filter((q) => !/substr\(/.test(q.sql))];
      expect(infix.length, url).toBeGreaterThan(0);
      expect(prefix.length, url).toBe(infix.length);
      // Each half fits its own index, without the whole phone's trigram index (which would fetch every
      // passport to check it) or the btree indexes that would read the whole status.
      for (const q of prefix) {
        expect(await planOf(q, [...BTREES.filter((i) => i !== "passport_search_phone_prefix_idx"), ...TRIGRAMS, ...PHONE_INFIX]), `${url}\n${q.sql}`).toMatch(
          /(Index Only Scan using|Index Scan using|Bitmap Index Scan on) passport_search_phone_prefix_idx/,
        );
      }
      for (const q of infix) {
        const [, status] = q.sql.match(/status = '(\w+)'/)!;
        expect(await planOf(q, [...BTREES, ...TRIGRAMS]), `${url}\n${q.sql}`).toMatch(new RegExp(`Bitmap Index Scan on passport_search_${status.toLowerCase()}_phone_infix`));
      }
    }
  });

  it("a name filter alone is counted over the names that match, in their trigram index", async () => {
    for (const url of ["/api/passport/filter-history?fullName=hossain", "/api/passport/get-pending-passports?fullName=rahim"]) {
      const counts = (await queriesOf(url)).filter((q) => /passport_names/.test(q.sql));
      expect(counts, url).toHaveLength(1);
      const plan = await planOf(counts[0]);
      expect(plan, url).toMatch(dialect === "postgres" ? /Bitmap Index Scan on passport_names_trgm/ : /SCAN passport_names_search VIRTUAL TABLE INDEX \d+:M/);
    }
  });

  it("a short name filter, alone or with a visa type, is counted over the names, the passport_search index left unread", async () => {
    for (const [url, columns] of [
      ["/api/passport/filter-history?fullName=an&visaType=work", /approved_workvisa/],
      ["/api/passport/get-pending-passports?fullName=a", /pending\b/],
    ] as const) {
      const read = await queriesOf(url);
      const counts = read.filter((q) => /passport_names/.test(q.sql));
      expect(counts, url).toHaveLength(1);
      expect(counts[0].sql, url).toMatch(columns);
      // The page alone reads passport_search: no count of matches there (PostgreSQL's sample of how
      // dense a pair is, for the page, aside).
      expect(read.filter((q) => /passport_search\b/.test(q.sql) && /count\(\*\)( as n from| over)/.test(q.sql)), url).toEqual([]);
    }
  });

  it.runIf(dialect === "postgres")("a lone filter of two or three characters on a passport or phone number is looked up in the runs' counters first", async () => {
    for (const url of ["/api/passport/filter-history?telephone=99", "/api/passport/get-pending-passports?passportNo=A1", "/api/passport/filter-history?telephone=017"]) {
      // Looked up there first; these few passports are then counted in the trigram index, whose read
      // also finds the page (from 10,000 matches on, the count is the counters').
      const read = await queriesOf(url);
      expect(read.filter((q) => /passport_gram_counts/.test(q.sql)), url).toHaveLength(1);
    }
  });

  it("a name with an agent, an admin, a slot, a visa type or a number is read name by name in the passports' name index", async () => {
    for (const url of [
      "/api/passport/filter-history?fullName=hossain&telephone=019&agentName=agent",
      "/api/passport/get-approved-passports?fullName=rahman&passportNo=12",
      `/api/passport/filter-agent-specific-passports/${agentId}?fullName=hossain`,
      `/api/passport/get-agent-passports/${adminId}?fullName=rahim`,
      "/api/passport/filter-history?fullName=akter&slot=slot&visaType=work",
      `/api/passport/filter-history?fullName=hossain&slot=-${new Date().getUTCFullYear() - 3}-`,
    ]) {
      // The ids read there: SQLite in a join told the index, PostgreSQL in one index scan per share
      // of the names (the shares read at once).
      const counts = (await queriesOf(url)).filter((q) => /passport_names/.test(q.sql) && /(from|join) passports p\b/.test(q.sql));
      expect(counts.length, url).toBe(dialect === "postgres" ? 2 : 1);
      for (const count of counts) {
        const plan = await planOf(count);
        expect(plan, url).toMatch(dialect === "postgres" ? /Index Only Scan using passports_name_search_idx/ : /SEARCH p USING COVERING INDEX passports_name_search_idx \(<expr>=\?/);
        expect(plan, url).not.toMatch(/Seq Scan|SCAN (passports|p)\b/);
        // A few agents are sought in the index, not tested on every passport of each name.
        if (/agentName/.test(url)) expect(plan, url).toMatch(dialect === "postgres" ? /Index Cond: .*agent_id = a\.agent/ : /agent_id=\?/);
        // The slots of a year, a run of slots: tested as a range, not looked up in a list.
        if (/slot=-/.test(url)) {
          expect(count.sql, url).toMatch(/p\.slot_id between/);
          expect(count.sql, url).not.toMatch(/"slot_id" in/);
        }
      }
    }
  });

  it("text filters read passport_search, never a scan of passports", async () => {
    for (const url of textFilters()) {
      const read = await plans(url);
      const search = read.filter((r) => /passport_search/.test(r.sql));
      // A name with an agent is read in the passports' name index instead (the test above).
      const inNameIndex = read.some((r) => /passport_names/.test(r.sql) && /passports p\b/.test(r.sql));
      expect(search.length + Number(inNameIndex), url).toBeGreaterThan(0);
      for (const { sql, plan } of read) {
        expect(plan, `${url}\n${sql}`).not.toMatch(/Seq Scan|SCAN passports\b/);
      }
      for (const { sql, plan } of search) {
        if (dialect === "sqlite") {
          // The FTS5 index: a MATCH (M) within a key range (><), or for a short common filter the range alone.
          expect(plan, `${url}\n${sql}`).toMatch(/SCAN passport_search VIRTUAL TABLE INDEX \d+:(M\d+)?></);
        } else {
          expect(plan, `${url}\n${sql}`).toMatch(/Index Only Scan|Index Scan|Bitmap Index Scan/);
          // Only a phone's prefix half may read the phone prefix index: any other list could read it
          // whole for a status and sort (the index is partial on a condition only that half states).
          if (!/telephone" <> ''/.test(sql)) expect(plan, `${url}\n${sql}`).not.toMatch(/phone_prefix_idx/);
        }
      }
    }
  });
});

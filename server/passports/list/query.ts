/**
 * Every passport list: a scope (statuses, agent) plus the §5 filters, answered as a count and a page,
 * newest first. Text filters match case-insensitively anywhere in the value, with the LIKE wildcards
 * of the value taken literally; isSuperAdminApproved matches the status exactly.
 *
 * How it stays fast at 10^6 passports (docs/lists.md): totals come from counters where they can, else
 * from counting at most EXACT_BELOW rows (estimated beyond); text filters read passport_search
 * (search/sqlite.ts, search/postgres.ts); deep pages of whole statuses start from the block counters.
 * `scanPassports` answers the same from passports alone: the reference the tests compare against.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Passport, PassportListQuery } from "../../../src/contract";
import type { Dialect, TextSearch } from "../../db/database";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { countable, countFromId, countOverNames, countPassports, deepPageStart, NAME_COUNTS, nameCountColumns, statusTotals } from "./counts";
import { contains, EXACT_BELOW, type ListPlan, type ListReader, type ListScope, type PageWindow, type Part, partsOf, planList, rowsReader } from "./plan";
import { extraFilterConditions } from "./extra-filters";
import { selectPassports, toPassport } from "../mapper";
import { postgresSearch } from "./search/postgres";
import { sqliteSearch } from "./search/sqlite";
import { SEARCH_FILTERS } from "./search/text";
import { and, inList } from "./sql";

export type { ListScope };

export interface PassportPage {
  content: Passport[];
  total: number;
}

/** From this offset on, a page of whole statuses starts from the block counters instead of skipping rows. */
const DEEP_OFFSET = 2_000;

/** How lists are read; tests set both to 0 so that a few thousand passports take the paths of a million. */
export interface ListOptions {
  /** How many of a text filter's newest matches its count may keep for the page (0: none, the page is read on its own). */
  keptIds?: number;
  /** A list filtered by names that carry fewer passports than this is read in the name index. */
  namedBelow?: number;
  /** PostgreSQL: a lone number filter matching at least this many passports is counted in passport_gram_counts. */
  gramsFrom?: number;
}

/** The database a list is read from (server/db/database.ts): its text filters are read in `textSearch`. */
export interface ListSource {
  db: Kysely<DB>;
  dialect: Dialect;
  textSearch: TextSearch;
}

function textReader({ db, dialect, textSearch }: ListSource, options: ListOptions): ListReader {
  return dialect === "sqlite" ? sqliteSearch(db, options.keptIds) : postgresSearch(db, textSearch, options.keptIds, options.gramsFrom);
}

// ---------------------------------------------------------------- the list

export async function listPassports(source: ListSource, scope: ListScope, q: PassportListQuery, options: ListOptions = {}): Promise<PassportPage> {
  const { db, dialect } = source;
  const plan = await planList(db, scope, q);
  if (plan === "empty") return { content: [], total: 0 };
  // The overview's date-range and milestone filters (extra-filters.ts) are read by the status-led
  // indexes of migration 0006, not by the text index's fast paths.
  if (plan === "scan" || extraFilterConditions(q).length > 0) return scanPassports(db, scope, q);
  const hasText = plan.texts.length > 0;
  const reader = hasText ? textReader(source, options) : rowsReader(db);
  const offset = q.page * q.size;
  const named = byNameAndMore(plan) ? await readInNameIndex(db, dialect, plan, reader, options.namedBelow ?? NAMED_BELOW, offset + q.size) : undefined;
  if (named) return { content: await passportsByIds(db, named.newest.slice(offset, offset + q.size)), total: named.total };
  // Text is searched status by status (the index is laid out so); otherwise one part may span every status.
  const parts = partsOf(plan, hasText ? [...(await statusTotals(db)).keys()] : [], !hasText);
  const total = await countList(db, plan, parts, reader, offset + q.size);
  if (offset >= total && total < EXACT_BELOW) return { content: [], total };
  const ids = await reader.page(plan, parts, await pageWindow(db, plan, offset, q.size, total));
  return { content: await passportsByIds(db, ids), total };
}

/** `newest`: how many of the newest matches the page will take. */
async function countList(db: Kysely<DB>, plan: ListPlan, parts: Part[], reader: ListReader, newest: number): Promise<number> {
  const filter = { statuses: plan.statuses, agentIds: plan.agentIds, visaTypes: plan.visaTypes, slotIds: plan.slotIds };
  const owned = plan.agentOrAdminId !== undefined ? { agentOrAdminId: plan.agentOrAdminId } : plan.agentId !== undefined ? { agentIds: intersect(plan.agentIds, plan.agentId) } : {};
  const counted = { ...filter, ...owned };
  if (plan.texts.length === 0 && countable(counted)) return countPassports(db, counted);
  const columns = byNameAndVisa(plan) ? nameCountColumns(plan.statuses, plan.visaTypes) : undefined;
  const byName = columns && (await reader.countByName?.(plan, columns));
  if (byName !== undefined) return byName;
  const byGram = textAlone(plan) ? await reader.countByGram?.(plan) : undefined;
  if (byGram !== undefined) return byGram;
  const { n, estimate } = await reader.count(plan, parts, EXACT_BELOW, newest);
  if (n < EXACT_BELOW) return n;
  return Math.max(EXACT_BELOW, estimate ?? (await estimateTotal(db, plan, parts, reader)));
}

const intersect = (ids: number[] | undefined, id: number) => (ids === undefined || ids.includes(id) ? [id] : []);

/** A list of some statuses filtered by one text filter and nothing else. */
const textAlone = (plan: ListPlan) =>
  plan.texts.length === 1 && plan.agentId === undefined && plan.agentOrAdminId === undefined && !plan.agentIds && !plan.visaTypes && !plan.slotIds;

/** A list of some statuses filtered by the full name and nothing else: passport_names counts it. */
const byNameAlone = (plan: ListPlan) => textAlone(plan) && plan.texts[0].column === "full_name";

/** Filtered by the full name, maybe visa types, and nothing else: passport_names counts it (migration 0013). */
const byNameAndVisa = (plan: ListPlan) => byNameAlone({ ...plan, visaTypes: undefined });

/** Names carrying this many passports or more are counted in the text index (up to EXACT_BELOW), not name by name. */
const NAMED_BELOW = 2 * EXACT_BELOW;

/** A list filtered by the full name and by more (a status, an owner, values the name index holds, a phone or passport number). */
const byNameAndMore = (plan: ListPlan) => plan.texts.filter((t) => t.column === "full_name").length === 1 && !byNameAlone(plan);

/** On PostgreSQL the names are looked up in this many shares at once, each on a connection of its own. */
const NAME_SHARES = 2;

/** On PostgreSQL up to this many agents are sought in the name index one by one; more are a filter on each name's passports. */
const AGENT_SEEKS = 4;

/**
 * A list filtered by the full name and by status, owner, agents, slots, visa types, phone or passport
 * number: for each name that matches (passport_names), the ids of its passports read in the index
 * (lower(full_name), agent_id, admin_id, status, slot_id, visa_type) that also holds the id (SQLite's
 * rowid), the phone and passport numbers (migration 0011), without reading a passport: their number
 * is the total and the page is taken from the `newest` of them. Undefined when the names cannot be
 * looked up (a short filter) or carry `below` passports or more: the text index then counts up to its
 * cap and estimates beyond.
 */
async function readInNameIndex(db: Kysely<DB>, dialect: Dialect, plan: ListPlan, reader: ListReader, below: number, newest: number): Promise<{ total: number; newest: number[] } | undefined> {
  const name = plan.texts.find((t) => t.column === "full_name")!;
  const names = reader.namesMatching?.(name.value);
  if (!names) return undefined;
  const agents = plan.agentId === undefined ? plan.agentIds : intersect(plan.agentIds, plan.agentId);
  const seekAgents = dialect === "postgres" && agents !== undefined && agents.length <= AGENT_SEEKS;
  const where: Expression<SqlBool>[] = [];
  const among = (column: string, values: readonly (string | number)[] | undefined) => {
    if (values) where.push(values.length ? inList(`p.${column}`, values) : sql<SqlBool>`1 = 0`);
  };
  if (seekAgents) where.push(sql<SqlBool>`p.agent_id = a.agent`);
  else among("agent_id", agents);
  among("status", plan.statuses);
  // Slots of a year are a run of slots: a range test, where a list is a lookup for each passport of
  // each name ("family name + slot of a year" at 10^6 passports: SQLite 17 → 13 ms for that read).
  if (plan.slotRun) where.push(sql<SqlBool>`p.slot_id between ${plan.slotRun.lo} and ${plan.slotRun.hi}`);
  else among("slot_id", plan.slotIds);
  among("visa_type", plan.visaTypes);
  if (plan.agentOrAdminId !== undefined) where.push(sql<SqlBool>`(p.agent_id = ${plan.agentOrAdminId} or p.admin_id = ${plan.agentOrAdminId})`);
  for (const t of plan.texts) if (t !== name) where.push(contains(`p.${t.column}`, t.value));
  if (dialect === "sqlite") {
    if ((await countOverNames(db, names.where, NAME_COUNTS)) >= below) return undefined;
    // Name by name in the index SQLite is told to use; agents in a list are sought there one by one.
    const found = await sql<{ ids: string }>`select json_group_array(p.id) as ids
      from passport_names join passports p indexed by passports_name_search_idx on ${and([sql<SqlBool>`lower(p.full_name) = ${names.name}`, ...where])}
      where ${names.where}`.execute(db);
    const ids = Float64Array.from(JSON.parse(found.rows[0]?.ids ?? "[]") as number[]).sort().reverse();
    return { total: ids.length, newest: Array.from(ids.subarray(0, newest)) };
  }
  // The names of a share looked up in one index scan (= any: a descent per name, where a lateral
  // lookup per name took a third longer), and one scan per agent when a few are sought (PostgreSQL 15
  // would test a second list on each passport of the names rather than seek it). No join is left to
  // the planner, which could read, say, an agent's every passport and hash the names. The names are
  // read in shares at once; each counts its passports and sends only its newest (tens of thousands
  // for a common name). Each share also adds up how many passports the names carry, and reads none
  // when they are too many (a one-time filter): one statement instead of two.
  const byAgent = seekAgents ? sql`unnest(${agents}::int[]) a(agent), lateral` : sql``;
  const shares = await Promise.all(
    Array.from({ length: NAME_SHARES }, (_, share) =>
      sql<{ named: unknown; n: unknown; ids: number[] | null }>`with matching as materialized (
          select passport_names.id, passport_names.name, ${sql.raw(NAME_COUNTS.join(" + "))} as n from passport_names where ${names.where}),
        named as (select coalesce(sum(n), 0) as n from matching)
        select named.n as named, m.n, m.ids from named, lateral (
          select count(*) as n, (array_agg(x.id order by x.id desc))[1:${newest}] as ids from ${byAgent} (select p.id from passports p
            where ${and([sql<SqlBool>`lower(p.full_name) = any(array(select name from matching where id % ${NAME_SHARES} = ${share}))`, ...where])} offset 0) x
          where named.n < ${below}) m`.execute(db),
    ),
  );
  const rows = shares.map((r) => r.rows[0]);
  if (fromDbCount(rows[0]?.named) >= below) return undefined;
  return {
    total: rows.reduce((sum, row) => sum + fromDbCount(row?.n), 0),
    newest: rows.flatMap((row) => (row?.ids ?? []).map(Number)).sort((a, b) => b - a).slice(0, newest),
  };
}

/** The matches an estimate reads: about 2% of error, where reading 100,000 took a phone prefix 87 ms at 10^6. */
const ESTIMATE_SAMPLE = 2_000;

/**
 * A total of EXACT_BELOW or more, estimated: the largest part is read newest first up to
 * ESTIMATE_SAMPLE matches; the share of its status that this covers (from the block counters) gives
 * the density of matches, applied to every part.
 */
async function estimateTotal(db: Kysely<DB>, plan: ListPlan, parts: Part[], reader: ListReader): Promise<number> {
  const sizes = await Promise.all(parts.map((p) => partSize(db, plan, p)));
  const largest = sizes.indexOf(Math.max(...sizes));
  const part = parts[largest];
  // From the middle of the plan's ids when bounded: at their ends a slot's passports mix with others'.
  const from = plan.ids ? Math.floor((plan.ids.lo + plan.ids.hi) / 2) : undefined;
  const [last] = await reader.page(plan, [part], { offset: ESTIMATE_SAMPLE - 1, size: 1, total: EXACT_BELOW, beforeId: from });
  if (last === undefined) return EXACT_BELOW; // fewer in the largest part: the others made up the rest
  const statuses = part.status === undefined ? plan.statuses : [part.status];
  // Shares of the status's passports: those the sample went through (newest first, from the top or
  // the middle of the plan's ids), and those the list can hold at all (within the plan's ids).
  const end = plan.ids ? await countFromId(db, statuses, plan.ids.hi + 1) : 0;
  const all = Math.max(1, await countFromId(db, statuses, 0));
  const sampled = ((await countFromId(db, statuses, last)) - (from === undefined ? end : await countFromId(db, statuses, from))) / all;
  const held = ((await countFromId(db, statuses, plan.ids?.lo ?? 0)) - end) / all;
  const density = ESTIMATE_SAMPLE / Math.max(1, sampled * sizes[largest]);
  return Math.round(density * held * sizes.reduce((a, b) => a + b, 0));
}

/** Passports in a part, ignoring the filters. */
function partSize(db: Kysely<DB>, plan: ListPlan, part: Part): Promise<number> {
  const statuses = part.status === undefined ? plan.statuses : [part.status];
  if (part.slotId !== undefined) return countPassports(db, { statuses, slotIds: [part.slotId] });
  if (!part.owner) return countPassports(db, { statuses });
  if (part.owner.column === "agent_id") return countPassports(db, { statuses, agentIds: [part.owner.id] });
  return countPassports(db, { statuses, agentOrAdminId: part.owner.id }); // a bound: the agent's share is in the other part
}

/** The page to read; a deep page of whole statuses starts below an id found in the block counters. */
async function pageWindow(db: Kysely<DB>, plan: ListPlan, offset: number, size: number, total: number): Promise<PageWindow> {
  const wholeStatuses = plan.texts.length === 0 && !plan.agentIds && !plan.visaTypes && !plan.slotIds && plan.agentId === undefined && plan.agentOrAdminId === undefined;
  if (!wholeStatuses || offset < DEEP_OFFSET) return { offset, size, total };
  const start = await deepPageStart(db, plan.statuses, offset);
  return start ? { offset: start.skip, size, total, beforeId: start.beforeId } : { offset, size, total };
}

async function passportsByIds(db: Kysely<DB>, ids: number[]): Promise<Passport[]> {
  if (ids.length === 0) return [];
  const rows = await selectPassports(db).where("passports.id", "in", ids).orderBy("passports.id", "desc").execute();
  return rows.map(toPassport);
}

// ---------------------------------------------------------------- the reference

/** The conditions of a list on passports alone (LIKE on every row): the reference's, and the export's walk (walk.ts). */
export function scanConditions(scope: ListScope, q: PassportListQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  let statuses = scope.statuses;
  if (q.isSuperAdminApproved !== undefined) {
    const wanted = q.isSuperAdminApproved.toUpperCase();
    statuses = statuses ? statuses.filter((s) => s === wanted) : [wanted];
  }
  if (statuses) where.push(statuses.length ? inList("passports.status", statuses) : sql<SqlBool>`1 = 0`);
  if (scope.agentId !== undefined) where.push(sql<SqlBool>`passports.agent_id = ${scope.agentId}`);
  if (scope.agentOrAdminId !== undefined) where.push(sql<SqlBool>`(passports.agent_id = ${scope.agentOrAdminId} or passports.admin_id = ${scope.agentOrAdminId})`);
  for (const key of ["fullName", "passportNo", "telephone", "agentName", "visaType"] as const) {
    const value = q[key];
    if (value !== undefined) where.push(contains(`passports.${key === "agentName" ? "agent_name" : key === "visaType" ? "visa_type" : SEARCH_FILTERS[key]}`, value));
  }
  if (q.slot !== undefined) where.push(sql<SqlBool>`passports.slot_id in (select slots.id from slots where ${contains("slots.slot_name", q.slot)})`);
  where.push(...extraFilterConditions(q));
  return where;
}

/** The list read from passports alone (LIKE on every row): the slow, obviously right answer. */
export async function scanPassports(db: Kysely<DB>, scope: ListScope, q: PassportListQuery): Promise<PassportPage> {
  const where = scanConditions(scope, q);
  const counted = await db.selectFrom("passports").select(sql<string | number>`count(*)`.as("n")).where(and(where)).executeTakeFirstOrThrow();
  const rows = await selectPassports(db).where(and(where)).orderBy("passports.id", "desc").limit(q.size).offset(q.page * q.size).execute();
  return { content: rows.map(toPassport), total: fromDbCount(counted.n) };
}

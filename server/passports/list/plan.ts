/**
 * The plan of a passport list: which disjoint parts (status, owner) make it up and which conditions
 * its passports meet, with the filters that name few values (agent name, visa type, slot) resolved to
 * those values. query.ts reads a plan through a PartReader: passports' own indexes here, or the
 * text index (search/).
 */
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { PassportFilterKey, PassportListQuery } from "../../../src/contract";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { PAD_CHAR, SEARCH_FILTERS, type SearchColumn, type SearchFilterKey } from "./search/text";
import { and } from "./sql";

export interface ListScope {
  /** Only these statuses; all when absent. */
  statuses?: readonly string[];
  /** Only this agent's passports. */
  agentId?: number;
  /** Passports whose agent or admin is this user (an admin's "Agent Data Entry"). */
  agentOrAdminId?: number;
}

/** Totals below this are exact; a list with more matching passports answers an estimate of at least this. */
export const EXACT_BELOW = 100_000;

/** "50%_a\b" → "%50\%\_a\\b%": a LIKE pattern that finds the value literally, anywhere. */
export function containsPattern(value: string): string {
  return `${endsWithPattern(value)}%`;
}

/** "ab" → "ab%": a LIKE pattern that finds the value literally at the start. */
export function startsWithPattern(value: string): string {
  return `${endsWithPattern(value).slice(1)}%`;
}

/** "ab" → "%ab": a LIKE pattern that finds the value literally at the end. */
export function endsWithPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
}

export const contains = (column: string, value: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(value)}) escape '\\'`;

/** The passport_names rows (lower-cased names) whose name contains `value`, as a scan of passports compares it. */
export const namesContaining = (value: string) => sql<SqlBool>`passport_names.name like lower(${containsPattern(value)}) escape '\\'`;

/** One index-ordered slice of a list; the parts of a list are disjoint and their union is the list. */
export interface Part {
  /** One status, or every status when absent. */
  status?: string;
  owner?: { column: "agent_id" | "admin_id"; id: number; notAgent?: number };
  /** One of the slots the plan wants. */
  slotId?: number;
}

export interface TextFilter {
  column: SearchColumn;
  value: string;
}

/** A list resolved against the counters: its parts and the conditions every passport must meet. */
export interface ListPlan {
  /** The list's statuses after the status filter; every status when absent. */
  statuses?: string[];
  agentId?: number;
  agentOrAdminId?: number;
  /** From the agentName, visaType and slot filters: the agents, visa types and slots that match. */
  agentIds?: number[];
  visaTypes?: string[];
  slotIds?: number[];
  /**
   * The ids the list's passports lie between, when a slot filter bounds them (its slots' smallest and
   * largest passport id): slots follow the calendar, and a list read newest first would otherwise
   * pass over years of passports to reach them.
   */
  ids?: { lo: number; hi: number };
  /** The slotIds when they are every slot in use from the smallest to the largest: a range test finds them. */
  slotRun?: { lo: number; hi: number };
  texts: TextFilter[];
}

/**
 * Filters answered by looking up the few values that match (agents from the counters, visa types,
 * slots): a passport matches when its value is one of them. A filter that every value matches is no
 * filter and is dropped. A new filter of this kind is one entry.
 */
const VALUE_FILTERS = {
  agentName: async (db: Kysely<DB>, value: string) => {
    // Each agent's name as its passports carry it (a copy of the username); an agent whose passports
    // carry names that both match and do not (never, unless written outside the API) cannot be listed
    // by id alone: then the whole list is scanned.
    const names = await sql<{ agent_id: number; hit: number | boolean }>`select agent_id, ${contains("agent_name", value)} as hit
      from passport_counts where n > 0 group by agent_id, agent_name`.execute(db);
    const hits = new Set(names.rows.filter((r) => Boolean(Number(r.hit))).map((r) => r.agent_id));
    const misses = names.rows.filter((r) => !Number(r.hit));
    if (misses.some((r) => hits.has(r.agent_id))) return "scan";
    return misses.length === 0 ? {} : { agentIds: [...hits] };
  },
  visaType: async (db: Kysely<DB>, value: string) => {
    const rows = await sql<{ visa_type: string; hit: number | boolean }>`select visa_type, ${contains("visa_type", value)} as hit
      from passport_counts where n > 0 group by visa_type`.execute(db);
    const hits = rows.rows.filter((r) => Boolean(Number(r.hit))).map((r) => r.visa_type);
    return hits.length === rows.rows.length ? {} : { visaTypes: hits };
  },
  slot: async (db: Kysely<DB>, value: string) => {
    const rows = await sql<{ id: number; hit: number | boolean; used: number | boolean }>`select id, ${contains("slot_name", value)} as hit,
      exists (select 1 from passport_slot_counts c where c.slot_id = slots.id and c.n > 0) as used from slots`.execute(db);
    const hits = rows.rows.filter((r) => Boolean(Number(r.hit))).map((r) => r.id);
    const everyUsedSlot = rows.rows.every((r) => Boolean(Number(r.hit)) || !Number(r.used));
    if (everyUsedSlot) return {};
    // Slots are made in order (those of a year are a run of ids).
    const [lo, hi] = [Math.min(...hits), Math.max(...hits)];
    const run = rows.rows.every((r) => Boolean(Number(r.hit)) || !Number(r.used) || r.id < lo || r.id > hi);
    return run && hits.length > 0 ? { slotIds: hits, slotRun: { lo, hi } } : { slotIds: hits };
  },
} satisfies Partial<Record<PassportFilterKey, (db: Kysely<DB>, value: string) => Promise<Partial<ListPlan> | "scan">>>;

/** The plan of a list, "empty" when nothing can match, "scan" for the rare lists only a scan answers exactly. */
export async function planList(db: Kysely<DB>, scope: ListScope, q: PassportListQuery): Promise<ListPlan | "empty" | "scan"> {
  let statuses = scope.statuses ? [...scope.statuses] : undefined;
  if (q.isSuperAdminApproved !== undefined) {
    const wanted = q.isSuperAdminApproved.toUpperCase();
    statuses = statuses ? statuses.filter((s) => s === wanted) : [wanted];
  }
  if (statuses?.length === 0) return "empty";
  const plan: ListPlan = { statuses, agentId: scope.agentId, agentOrAdminId: scope.agentOrAdminId, texts: [] };
  for (const [key, column] of Object.entries(SEARCH_FILTERS) as [SearchFilterKey, SearchColumn][]) {
    const value = q[key];
    if (value === undefined) continue;
    if (value.includes(PAD_CHAR)) return "scan"; // the index's padding character (search/text.ts)
    plan.texts.push({ column, value });
  }
  for (const [key, resolve] of Object.entries(VALUE_FILTERS)) {
    const value = q[key as keyof typeof VALUE_FILTERS];
    if (value === undefined) continue;
    const found = await resolve(db, value);
    if (found === "scan") return "scan";
    Object.assign(plan, found);
  }
  if ([plan.agentIds, plan.visaTypes, plan.slotIds].some((values) => values?.length === 0)) return "empty";
  if (plan.slotIds) {
    const ids = await idsOfSlots(db, plan.slotIds);
    if (!ids) return "empty";
    plan.ids = ids;
  }
  return plan;
}

/** The smallest and largest passport id of the slots, each found at one end of the (slot_id, id) index. */
async function idsOfSlots(db: Kysely<DB>, slotIds: readonly number[]): Promise<{ lo: number; hi: number } | undefined> {
  const row = await sql<{ lo: number | null; hi: number | null }>`select min(lo) as lo, max(hi) as hi from (select
      (select min(p.id) from passports p where p.slot_id = s.id) as lo, (select max(p.id) from passports p where p.slot_id = s.id) as hi
    from slots s where s.id in (${sql.join(slotIds.map((id) => sql`${id}`))})) r`.execute(db);
  const { lo, hi } = row.rows[0] ?? {};
  return lo === null || lo === undefined || hi === null || hi === undefined ? undefined : { lo: Number(lo), hi: Number(hi) };
}

/** A list of a few slots is read slot by slot, in the (slot, id) index, when it has no more parts than this. */
const MAX_SLOT_PARTS = 32;

/**
 * The plan's parts: one per status, or a single part of every status when `everyStatus` allows, times
 * the owners (an agent; or an agent and, apart, the passports that user entered as admin for others),
 * times the slots when a few slots are wanted (slots follow the calendar: reading the newest passports
 * and skipping those of other slots would pass over years of them).
 */
export function partsOf(plan: ListPlan, statusesPresent: readonly string[], everyStatus: boolean): Part[] {
  const statuses: (string | undefined)[] = plan.statuses ?? (everyStatus ? [undefined] : [...statusesPresent]);
  const owners: Part["owner"][] =
    plan.agentOrAdminId !== undefined
      ? [{ column: "agent_id", id: plan.agentOrAdminId }, { column: "admin_id", id: plan.agentOrAdminId, notAgent: plan.agentOrAdminId }]
      : plan.agentId !== undefined
        ? [{ column: "agent_id", id: plan.agentId }]
        : [undefined];
  const parts: Part[] = statuses.flatMap((status) => owners.map((owner) => ({ status, owner })));
  const bySlot = everyStatus && plan.slotIds && !owners[0] && parts.length * plan.slotIds.length <= MAX_SLOT_PARTS;
  return bySlot ? parts.flatMap((part) => plan.slotIds!.map((slotId) => ({ ...part, slotId }))) : parts;
}

/** How many passports of a list match, counted up to a cap; at the cap, an estimate of all if known. */
export interface Counted {
  n: number;
  estimate?: number;
}

/** Reads a plan's passports: how many match, and a page of them newest first. */
export interface ListReader {
  /**
   * `newest`: how many of the newest matches the page read next will take (its offset and size); a
   * reader that keeps the ids it counted for that page may keep only these.
   */
  count(plan: ListPlan, parts: Part[], cap: number, newest?: number): Promise<Counted>;
  /** The exact total of a list filtered by full name alone (and statuses, visa types), from passport_names; undefined when it should not. */
  countByName?(plan: ListPlan, columns: string[]): Promise<number | undefined>;
  /** The exact total of a list filtered by two or three characters of a passport or phone number alone (and statuses); undefined when not counted so. */
  countByGram?(plan: ListPlan): Promise<number | undefined>;
  /**
   * The rows of passport_names (each a full name, lower-cased) that a full name filter matches, as a
   * condition on that table, and its name column as the lookup of each name's passports must name it;
   * undefined when the list is better counted in the text index (a filter too short to look the names
   * up in their trigram index, say).
   */
  namesMatching?(value: string): { where: RawBuilder<SqlBool>; name: RawBuilder<unknown> } | undefined;
  /** `total` is the count just made (exact below EXACT_BELOW); `beforeId` bounds a deep page. */
  page(plan: ListPlan, parts: Part[], page: PageWindow): Promise<number[]>;
}

export interface PageWindow {
  offset: number;
  size: number;
  total: number;
  beforeId?: number;
}

/** Reads one part: its matches counted up to a cap, and `limit` of their ids newest first from `offset`. */
export interface PartRead {
  count(plan: ListPlan, part: Part, cap: number): Promise<number>;
  ids(plan: ListPlan, part: Part, limit: number, offset: number, window: PageWindow): Promise<number[]>;
}

/** A list reader that reads part by part: the counts added up, the pages merged. */
export function partwise(read: PartRead): ListReader {
  return {
    async count(plan, parts, cap) {
      let n = 0;
      for (const part of parts) {
        n += await read.count(plan, part, cap - n);
        if (n >= cap) break;
      }
      return { n };
    },
    page: (plan, parts, window) => mergedIds(parts, (part, limit, from) => read.ids(plan, part, limit, from, window), window.offset, window.size),
  };
}

/**
 * A page of the union of disjoint parts, newest first: one part is read at the offset; several are
 * read up to the page's end each (in index order) and merged.
 */
export async function mergedIds<P>(parts: P[], read: (part: P, limit: number, offset: number) => Promise<number[]>, offset: number, size: number): Promise<number[]> {
  if (parts.length === 1) return read(parts[0], size, offset);
  const lists = await Promise.all(parts.map((part) => read(part, offset + size, 0)));
  return lists.flat().sort((a, b) => b - a).slice(offset, offset + size);
}

/**
 * The part's and plan's conditions on the columns of `table` (passports or PostgreSQL's
 * passport_search). With `byPart`, the filters' columns are wrapped (`+ 0`, `|| ''`) so that no index
 * of theirs applies: the part is then read in its own index order, newest first, which is quickest
 * when many passports match (sorting the matches of a few slots is quickest when few do).
 */
export function rowConditions(table: string, plan: ListPlan, part: Part, { texts, byPart }: { texts: boolean; byPart: boolean }): Expression<SqlBool>[] {
  const col = (c: string) => `${table}.${c}`;
  const filterColumn = (c: string, text = false) => (byPart ? sql`(${sql.ref(col(c))} ${sql.raw(text ? "|| ''" : "+ 0")})` : sql.ref(col(c)));
  const where: Expression<SqlBool>[] = [];
  if (part.status !== undefined) where.push(sql<SqlBool>`${sql.ref(col("status"))} = ${part.status}`);
  if (part.owner) where.push(sql<SqlBool>`${sql.ref(col(part.owner.column))} = ${part.owner.id}`);
  if (part.owner?.notAgent !== undefined) where.push(sql<SqlBool>`${sql.ref(col("agent_id"))} <> ${part.owner.notAgent}`);
  const values = (c: string, list: readonly (string | number)[], text = false) => sql<SqlBool>`${filterColumn(c, text)} in (${sql.join(list.map((v) => sql`${v}`))})`;
  if (plan.agentIds) where.push(values("agent_id", plan.agentIds));
  if (plan.visaTypes) where.push(values("visa_type", plan.visaTypes, true));
  if (part.slotId !== undefined) where.push(sql<SqlBool>`${sql.ref(col("slot_id"))} = ${part.slotId}`);
  else if (plan.slotIds) where.push(values("slot_id", plan.slotIds));
  if (plan.ids) where.push(sql<SqlBool>`${sql.ref(col("id"))} between ${plan.ids.lo} and ${plan.ids.hi}`);
  if (texts) for (const t of plan.texts) where.push(contains(col(t.column), t.value));
  return where;
}

/** Below this many matches a page may sort them; above, it is read in the part's index order. */
export const FEW = 2_000;

/** Reads passports itself, through its indexes: lists without text filters (or only a scan answers). */
export function rowsReader(db: Kysely<DB>): ListReader {
  return partwise({
    async count(plan, part, cap) {
      const matching = db.selectFrom("passports").select(sql`1`.as("one")).where(and(rowConditions("passports", plan, part, { texts: true, byPart: false }))).limit(cap);
      const row = await db.selectFrom(matching.as("m")).select(sql<string | number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      return fromDbCount(row.n);
    },
    async ids(plan, part, limit, offset, { total, beforeId }) {
      const where = rowConditions("passports", plan, part, { texts: true, byPart: total > FEW });
      if (beforeId !== undefined) where.push(sql<SqlBool>`passports.id < ${beforeId}`);
      const rows = await db.selectFrom("passports").select("passports.id").where(and(where)).orderBy("passports.id", "desc").limit(limit).offset(offset).execute();
      return rows.map((r) => r.id);
    },
  });
}

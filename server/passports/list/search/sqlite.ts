/**
 * Text filters on SQLite: passport_search, an FTS5 trigram index whose rowid packs the status, id,
 * agent, slot and visa type (key.ts). A part of a list (one status) is one rowid range, read newest
 * first; its agent, slot and visa type are tested on the rowid. A filter of three characters or more
 * is an FTS5 phrase (its trigrams in a row: the exact substring); one of one or two characters is
 * the trigrams that start with it (passport_search_terms lists them), or, when they are many (a
 * common letter), LIKE on the text the table keeps, row by row in rowid order. The table holds the
 * values lower-cased as SQLite's lower() does, so a match is exactly what `lower(column) LIKE` finds.
 */
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "../../../db/schema";
import { countFromId, countOverNames, statusTotals } from "../counts";
import { containsPattern, FEW, type ListPlan, type ListReader, mergedIds, namesContaining, type Part, type TextFilter } from "../plan";
import { AGENT_OVERFLOW, KEY_FIELDS, SLOT_OVERFLOW, agentCode, keyFieldSql, OTHER_STATUS_CODE, OTHER_VISA_CODE, slotCode, statusCode, statusKeyRange, visaCode } from "./key";
import { SEARCH_COLUMNS, ftsAny, ftsString, sqliteLower } from "./text";
import { and } from "../sql";

/** A filter of one or two characters with more starting trigrams than this is tested row by row instead. */
const MAX_SHORT_TERMS = 64;

/** The rowid, named in full: inside a probe of passports a bare rowid would be the passport's. */
const ROWID = "passport_search.rowid";
const field = (name: keyof typeof KEY_FIELDS) => sql.raw(keyFieldSql(name, ROWID));
const ID = field("id");
const probe = (condition: RawBuilder<unknown>) => sql<SqlBool>`exists (select 1 from passports p where p.id = ${ID} and ${condition})`;
/**
 * Whether a match was entered by this admin, looked up in the narrow (admin_id, id) index rather than
 * the passport's wide row: for an admin's own list and a common name, 15,000 lookups took 120 ms in
 * rows spread over the file and 22 ms in the index, which stays in the page cache.
 */
const enteredBy = (adminId: number) =>
  sql<SqlBool>`exists (select 1 from passports p indexed by passports_admin_id_idx where p.admin_id = ${adminId} and p.id = ${ID})`;

/** The key field equals the code of one of `ids`; ids too large for the field are looked up on the passport. */
function fieldIn(name: "agent" | "slot", column: string, ids: readonly number[]): Expression<SqlBool> {
  const [code, overflow] = name === "agent" ? [agentCode, AGENT_OVERFLOW] : [slotCode, SLOT_OVERFLOW];
  const fits = [...new Set(ids.map(code).filter((c) => c !== overflow))];
  const large = ids.filter((id) => code(id) === overflow);
  const tests: Expression<SqlBool>[] = [];
  if (fits.length) tests.push(sql<SqlBool>`${field(name)} in (${sql.join(fits)})`);
  if (large.length) tests.push(sql<SqlBool>`(${field(name)} = ${overflow} and ${probe(sql`${sql.ref(`p.${column}`)} in (${sql.join(large)})`)})`);
  return tests.length ? sql<SqlBool>`(${sql.join(tests, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

function visaIn(types: readonly string[]): Expression<SqlBool> {
  const codes = [...new Set(types.map(visaCode).filter((c) => c !== OTHER_VISA_CODE))];
  const others = types.filter((t) => visaCode(t) === OTHER_VISA_CODE);
  const tests: Expression<SqlBool>[] = [];
  if (codes.length) tests.push(sql<SqlBool>`${field("visa")} in (${sql.join(codes)})`);
  if (others.length) tests.push(sql<SqlBool>`(${field("visa")} = ${OTHER_VISA_CODE} and ${probe(sql`p.visa_type in (${sql.join(others)})`)})`);
  return tests.length ? sql<SqlBool>`(${sql.join(tests, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

interface SearchQuery {
  /** The FTS5 query, or none: the text filters are tested on each row of the range. */
  match?: string;
  where: Expression<SqlBool>[];
  /** The part's smallest key, to bound reads below an id. */
  lo: string;
}

/** The FTS5 query of a plan's text filters, and the filters it only narrows down (tested after it). */
interface Match {
  query: string;
  verify: TextFilter[];
}

/**
 * A number's last six digits pick it out among a million; its first digits (01, 017) are common to a
 * great many, and the index pays for every common trigram of a phrase. So a long filter ending in six
 * digits searches those, and the whole value is tested on the few matches.
 */
const NUMBER_TAIL = /\d{6}$/;

/** The FTS5 query of a plan's text filters, "none" when nothing can match, "rows" when better tested row by row. */
async function matchOf(db: Kysely<DB>, plan: ListPlan): Promise<Match | "none" | "rows"> {
  const clauses: string[] = [];
  const verify: TextFilter[] = [];
  for (const filter of plan.texts) {
    const { column, value } = filter;
    const text = sqliteLower(value);
    const col = SEARCH_COLUMNS.indexOf(column);
    const length = [...text].length;
    if (length > 6 && NUMBER_TAIL.test(text)) {
      clauses.push(`${column} : ${ftsString(text.slice(-6))}`);
      verify.push(filter);
      continue;
    }
    if (length >= 3) {
      clauses.push(`${column} : ${ftsString(text)}`);
      continue;
    }
    const terms = await sql<{ term: string }>`select term from passport_search_terms
      where col = ${col} and ((term >= ${text} and term < ${`${text}\u{10FFFF}`}) or term = '') limit ${MAX_SHORT_TERMS + 1}`.execute(db);
    const list = terms.rows.map((r) => r.term);
    if (list.includes("") || list.length > MAX_SHORT_TERMS) return "rows";
    if (list.length === 0) return "none";
    clauses.push(`${column} : ${ftsAny(list.map(ftsString))}`);
  }
  return { query: clauses.join(" AND "), verify };
}

const like = ({ column, value }: TextFilter) => sql<SqlBool>`${sql.ref(`passport_search.${column}`)} like lower(${containsPattern(value)}) escape '\\'`;

/**
 * A slice of a list: a range of keys (the part's status, or several statuses in a row, whose keys
 * follow each other) with the part's owner. Counting a list slice by slice reads the index once per
 * slice rather than once per status.
 */
interface Slice {
  lo: string;
  hi: string;
  /** The passport ids it is bounded to (a slot filter's), within one status. */
  ids?: { lo: number; hi: number };
  /** Statuses outside the five have one code: these are looked up on the passport. */
  otherStatus?: string;
  owner?: Part["owner"];
  /** The statuses it spans, for estimates (every status when absent). */
  statuses?: string[];
}

const FULL_RANGE = { lo: "0", hi: "9223372036854775807" };

function sliceOf(part: Part, ids?: Slice["ids"]): Slice {
  if (part.status === undefined) return { ...FULL_RANGE, owner: part.owner };
  const code = statusCode(part.status);
  return { ...statusKeyRange(code, ids), ids, owner: part.owner, statuses: [part.status], otherStatus: code === OTHER_STATUS_CODE ? part.status : undefined };
}

/**
 * The parts' slices: per owner, the statuses merged into one range when their codes follow each
 * other; with the plan's ids bounded (a slot filter), one per status, each only its passports between them.
 */
function slicesOf(plan: ListPlan, parts: Part[]): Slice[] {
  if (plan.ids && parts.every((p) => p.status !== undefined)) return parts.map((part) => sliceOf(part, plan.ids));
  const owners = new Map<string, Part[]>();
  for (const part of parts) {
    const key = JSON.stringify(part.owner ?? null);
    owners.set(key, [...(owners.get(key) ?? []), part]);
  }
  return [...owners.values()].flatMap((group) => {
    const owner = group[0].owner;
    if (plan.statuses === undefined) return [{ ...FULL_RANGE, owner }]; // every status: every key
    const codes = group.map((p) => statusCode(p.status!)).sort((a, b) => a - b);
    const inARow = !codes.includes(OTHER_STATUS_CODE) && codes.every((c, i) => i === 0 || c === codes[i - 1] + 1);
    if (!inARow) return group.map((part) => sliceOf(part));
    return [{ lo: statusKeyRange(codes[0]).lo, hi: statusKeyRange(codes[codes.length - 1]).hi, owner, statuses: group.map((p) => p.status!) }];
  });
}

function sliceConditions(plan: ListPlan, slice: Slice, match: Match | "rows"): SearchQuery {
  const where: Expression<SqlBool>[] = (match === "rows" ? plan.texts : match.verify).map(like);
  where.push(sql<SqlBool>`${sql.raw(ROWID)} between ${sql.raw(slice.lo)} and ${sql.raw(slice.hi)}`);
  const { owner } = slice;
  if (owner?.column === "agent_id") where.push(fieldIn("agent", "agent_id", [owner.id]));
  if (owner?.notAgent !== undefined) where.push(sql<SqlBool>`not ${fieldIn("agent", "agent_id", [owner.notAgent])}`);
  if (plan.agentIds) where.push(fieldIn("agent", "agent_id", plan.agentIds));
  if (plan.slotIds) where.push(fieldIn("slot", "slot_id", plan.slotIds));
  if (plan.visaTypes) where.push(visaIn(plan.visaTypes));
  // Last, as SQLite tests them in order: what needs the passport is asked only of rows the key lets through.
  if (slice.otherStatus !== undefined) where.push(probe(sql`p.status = ${slice.otherStatus}`));
  if (owner?.column === "admin_id") where.push(enteredBy(owner.id));
  // A bound below an id is set within the status's whole range, not the slice's (which may start at an id).
  const lo = slice.ids && slice.statuses ? statusKeyRange(statusCode(slice.statuses[0])).lo : slice.lo;
  return { match: match === "rows" ? undefined : match.query, where, lo };
}

const matching = (q: SearchQuery) => (q.match === undefined ? and(q.where) : sql<SqlBool>`passport_search match ${q.match} and ${and(q.where)}`);

/**
 * A list of at most this many matches keeps their ids from its count: its page is taken from them
 * rather than from a second search of the index (which, for a common name with an agent or a slot,
 * costs as much as the count).
 */
const KEPT_IDS = 25_000;

export function sqliteSearch(db: Kysely<DB>, keptIds = KEPT_IDS): ListReader {
  // The match of a plan is the same for its parts: look the short filters' trigrams up once.
  const matches = new WeakMap<ListPlan, Promise<Match | "none" | "rows">>();
  const matchFor = (plan: ListPlan) => {
    if (!matches.has(plan)) matches.set(plan, matchOf(db, plan));
    return matches.get(plan)!;
  };
  /** The ids of every match of a plan's parts (that very array), newest first, kept by its count. */
  const kept = new WeakMap<ListPlan, { parts: Part[]; ids: number[] }>();

  /** Every id matching the slices, newest first; undefined when they are more than `most`. */
  async function allIds(plan: ListPlan, slices: Slice[], match: Match, most: number): Promise<number[] | undefined> {
    const found: number[] = [];
    for (const slice of slices) {
      const q = sliceConditions(plan, slice, match);
      const result = await sql<{ n: number; ids: string | null }>`select count(*) as n, group_concat(id) as ids
        from (select ${ID} as id from passport_search where ${matching(q)} limit ${most - found.length + 1})`.execute(db);
      const row = result.rows[0];
      if (found.length + Number(row.n) > most) return undefined;
      if (row.ids) for (const id of row.ids.split(",")) found.push(Number(id));
    }
    return found.sort((a, b) => b - a);
  }

  /** Up to `limit` ids of a slice from `offset`, in key order (status by status), or sorted by id. */
  async function ids(plan: ListPlan, slice: Slice, limit: number, offset: number, byId: boolean, beforeId?: number): Promise<number[]> {
    const match = await matchFor(plan);
    if (match === "none") return [];
    const q = sliceConditions(plan, slice, match);
    if (beforeId !== undefined) q.where.push(sql<SqlBool>`${sql.raw(ROWID)} < (${sql.raw(q.lo)} | (${beforeId} << ${KEY_FIELDS.id.shift}))`);
    const order = byId ? sql`id desc` : sql`passport_search.rowid desc`;
    const result = await sql<{ id: number }>`select ${ID} as id from passport_search where ${matching(q)}
      order by ${order} limit ${limit} offset ${offset}`.execute(db);
    return result.rows.map((r) => r.id);
  }

  const namesMatching = (value: string) => {
    const text = sqliteLower(value);
    // Shorter filters are counted in passport_search (the trigrams they start), not name by name.
    if ([...text].length < 3) return undefined;
    return {
      where: sql<SqlBool>`passport_names.id in (select rowid from passport_names_search where passport_names_search match ${`name : ${ftsString(text)}`})`,
      // Without the column's text affinity, so that the index on lower(full_name) is searched by it.
      name: sql`+passport_names.name`,
    };
  };

  return {
    countByName(plan, columns) {
      // A shorter filter is tested on every distinct name: 123,000 names for 10^6 passports, 7–16 ms.
      const value = plan.texts[0].value;
      return countOverNames(db, namesMatching(value)?.where ?? namesContaining(value), columns);
    },
    namesMatching,
    async count(plan, parts, cap) {
      const match = await matchFor(plan);
      if (match === "none") return { n: 0 };
      const slices = slicesOf(plan, parts);
      if (match !== "rows" && cap > keptIds && keptIds > 0) {
        const ids = await allIds(plan, slices, match, keptIds);
        if (ids) {
          kept.set(plan, { parts, ids });
          return { n: ids.length };
        }
      }
      let n = 0;
      for (const [i, slice] of slices.entries()) {
        const q = sliceConditions(plan, slice, match);
        // In key order: where the count stops, at the cap, tells how much of the list it went through.
        const result = await sql<{ n: number; status: number | null; id: number | null }>`select count(*) as n, max(key) >> ${KEY_FIELDS.status.shift} as status,
          (max(key) >> ${KEY_FIELDS.id.shift}) & ${2 ** KEY_FIELDS.id.bits - 1} as id
          from (select passport_search.rowid as key from passport_search where ${matching(q)} limit ${cap - n})`.execute(db);
        const row = result.rows[0];
        n += Number(row.n);
        if (n >= cap) return { n, estimate: await estimate(db, n, slices.slice(0, i), slice, slices, row.status!, row.id!) };
      }
      return { n };
    },
    async page(plan, parts, { offset, size, total, beforeId }) {
      const known = kept.get(plan);
      if (known?.parts === parts) return (beforeId === undefined ? known.ids : known.ids.filter((id) => id < beforeId)).slice(offset, offset + size);
      // Few matches: each slice's sorted by id; many: each status read newest first, merged.
      if (total <= FEW && beforeId === undefined) {
        return mergedIds(slicesOf(plan, parts), (slice, limit, from) => ids(plan, slice, limit, from, true), offset, size);
      }
      return mergedIds(parts.map((part) => sliceOf(part, plan.ids)), (slice, limit, from) => ids(plan, slice, limit, from, false, beforeId), offset, size);
    },
  };
}

/**
 * The total of a list whose count stopped at the cap, at key (status code, id) of slice `at`: the
 * share of the slices' passports it went through (from the counters, filters aside) gives the density
 * of matches.
 */
async function estimate(db: Kysely<DB>, counted: number, done: Slice[], at: Slice, all: Slice[], code: number, id: number): Promise<number> {
  const totals = await statusTotals(db);
  /** Passports of the slice's statuses (all when absent), only those between its ids when bounded. */
  const rowsOf = async (slice: Slice) =>
    slice.ids && slice.statuses
      ? (await countFromId(db, slice.statuses, slice.ids.lo)) - (await countFromId(db, slice.statuses, slice.ids.hi + 1))
      : [...totals].filter(([status]) => !slice.statuses || slice.statuses.includes(status)).reduce((sum, [, n]) => sum + n, 0);
  const passed = [...totals].filter(([status]) => (!at.statuses || at.statuses.includes(status)) && statusCode(status) < code).reduce((sum, [, n]) => sum + n, 0);
  const statusAt = [...totals.keys()].filter((status) => statusCode(status) === code && (!at.statuses || at.statuses.includes(status)));
  // The passports of the status where the count stopped, up to that id (counted in key order, oldest first).
  const upToId = statusAt.length ? (await countFromId(db, statusAt, at.ids?.lo ?? 0)) - (await countFromId(db, statusAt, id + 1)) : 0;
  let covered = passed + upToId;
  for (const slice of done) covered += await rowsOf(slice);
  let rows = 0;
  for (const slice of all) rows += await rowsOf(slice);
  return Math.round((counted / Math.max(1, covered)) * rows);
}

/**
 * Text filters on PostgreSQL: passport_search, a narrow copy of the filtered columns (the text ones
 * lower-cased) with a pg_trgm index per status and two covering btree indexes, (status, id) and
 * (agent, status, id); for a phone, a prefix btree and a trigram index of all but its first character
 * (migration 0012). A part of a list (one status) names its status as a literal, so that its trigram
 * index applies. The reader, not the planner, picks the way (docs/lists.md), and each way runs on
 * sessions that can plan it only (TextSearch, server/db/database.ts):
 * - a list counts the matches in its statuses' trigram indexes (filters of three characters or more,
 *   and of two as the three-character patterns they begin; the index also holds agent, admin, slot
 *   and visa type), every status at once, each read keeping the newest ids the page needs; a lone
 *   phone filter in its two halves;
 * - single characters, pairs with a few agents and dense pairs are counted in the covering btree
 *   indexes, in id ranges newest first, until the cap;
 * - a page of many matches is read newest first in the covering (status, id) index, one of few
 *   matches taken from the trigram index and sorted.
 * The LIKE is PostgreSQL's, on lower(value): exactly what a scan of passports finds.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { TextSearch } from "../../../db/database";
import type { DB } from "../../../db/schema";
import { fromDbCount } from "../../../db/values";
import { countOverNames } from "../counts";
import { containsPattern, endsWithPattern, FEW, namesContaining, startsWithPattern, type ListPlan, type ListReader, type Part, type PartRead, partwise, rowConditions, type TextFilter } from "../plan";
import { and, inList } from "../sql";

/** passport_gram_counts (migration 0014): the columns whose runs of characters it counts, and the runs' lengths. */
const GRAM_COLUMNS = ["passport_no", "telephone"] as const;
const GRAM_LENGTHS = [2, 3] as const;

/**
 * For each two-character text filter of a plan, the characters that can follow it in its column
 * (passport_search_chars, migration 0009): "xy" is found as "%xy" or any "%xy?%", three-character
 * patterns the trigram index answers. A filter whose column holds more characters than
 * MOST_FOLLOWERS is tested row by row instead.
 */
type Followers = Map<TextFilter, string[]>;

const MOST_FOLLOWERS = 64;

/**
 * A list of a few agents is read in the (agent, status, id) index instead, their passports only: a
 * common pair's followers ("md" is in a fifth of the names) make a union of large trigram lists that
 * fetches most passports ("md" + agent name "agent" at 10^6: 130 ms that way, 36 ms in the index).
 */
const byFewAgents = (plan: ListPlan) => plan.agentId !== undefined || (plan.agentIds !== undefined && plan.agentIds.length <= 4);

/** Passports sampled, newest first, to tell a dense two-character filter from a sparse one. */
const DENSITY_SAMPLE = 1_000;

/**
 * A two-character filter in at least this share of the sample is counted in index order
 * (countInOrder) rather than as the union of its followers' trigram lists, which would fetch most
 * passports to check them ("an" + visa type work at 10^6: 268 ms that way).
 */
const DENSE = 0.1;

async function followersOf(db: Kysely<DB>, search: TextSearch, plan: ListPlan): Promise<Followers> {
  const followers: Followers = new Map();
  const pairs = plan.texts.filter((t) => [...t.value].length === 2);
  if (pairs.length === 0 || byFewAgents(plan) || (await density(search, plan)) >= DENSE) return followers;
  const columns = [...new Set(pairs.map((t) => t.column))];
  const { rows } = await sql<{ col: string; ch: string }>`select col, ch from passport_search_chars
    where col in (${sql.join(columns.map((c) => sql`${c}`))})`.execute(db);
  for (const t of pairs) {
    const chars = rows.filter((r) => r.col === t.column).map((r) => r.ch);
    if (chars.length <= MOST_FOLLOWERS) followers.set(t, chars);
  }
  return followers;
}

/**
 * The share of the newest passports of the plan's statuses (within its ids) that match its value and
 * text filters (not its owner): how many of the passports a count in index order reads would count.
 * A count in index order reads about 100,000 / density passports, or all of them.
 */
async function density(search: TextSearch, plan: ListPlan): Promise<number> {
  const where: Expression<SqlBool>[] = [];
  if (plan.statuses) where.push(inList("passport_search.status", plan.statuses));
  // Bounded ids (a slot filter): from their middle, as at their ends the slots' passports mix with others'.
  if (plan.ids) where.push(sql<SqlBool>`passport_search.id between ${plan.ids.lo} and ${Math.floor((plan.ids.lo + plan.ids.hi) / 2)}`);
  const hits = rowConditions("s", plan, {}, { texts: true, byPart: false });
  const result = await sql<{ hits: unknown; seen: unknown }>`select count(*) filter (where ${and(hits)}) as hits, count(*) as seen
    from (select id, agent_id, slot_id, visa_type, full_name, passport_no, telephone from passport_search where ${and(where)}
      order by id desc limit ${DENSITY_SAMPLE}) s`.execute(search.inOrder);
  return fromDbCount(result.rows[0]?.hits) / Math.max(1, fromDbCount(result.rows[0]?.seen));
}

/** Id ranges a count in index order reads, newest first, and how many it reads at once (the cores of a small server). */
const ORDERED_RANGES = 8;
const ORDERED_AT_ONCE = 2;

/**
 * How many passports match the parts, up to `cap`, read in index order: the ids split into ranges,
 * each part's newest range first, two reads at once; no read starts once the cap is reached. For
 * filters no trigram index answers well (one character, a dense pair): reading statuses one after
 * another on one core, "an" + visa type work took 90 ms for the approved status alone.
 */
async function countInOrder(search: TextSearch, plan: ListPlan, parts: Part[], cap: number, followers: Followers): Promise<number> {
  const lo = plan.ids?.lo ?? 0;
  const hi = plan.ids?.hi ?? fromDbCount((await sql<{ id: unknown }>`select max(id) as id from passport_search`.execute(search.inOrder)).rows[0]?.id);
  const width = Math.ceil((hi - lo + 1) / ORDERED_RANGES);
  const reads = Array.from({ length: ORDERED_RANGES }, (_, i) => ({ from: hi - (i + 1) * width + 1, to: hi - i * width }))
    .flatMap((range) => parts.map((part) => ({ part, range })));
  let n = 0;
  let next = 0;
  const reader = async () => {
    while (next < reads.length && n < cap) {
      const { part, range } = reads[next++];
      const where = [...conditions(plan, part, followers), sql<SqlBool>`passport_search.id between ${range.from} and ${range.to}`];
      const result = await sql<{ n: unknown }>`select count(*) as n from (select 1 from passport_search where ${and(where)} limit ${cap - n}) m`.execute(search.inOrder);
      n += fromDbCount(result.rows[0]?.n);
    }
  };
  await Promise.all(Array.from({ length: ORDERED_AT_ONCE }, reader));
  return Math.min(n, cap);
}

/**
 * A phone filter of three characters or more is read in two disjoint halves (migration 0012): the
 * phones that begin with it, in the (status, telephone) btree, index-only; and the others that contain
 * it, past their first character, in the status's trigram index of substr(telephone, 2). Nearly every
 * phone begins with "01", so "017" is in most phones but past the first character in few: "phone:
 * 0171" at 10^6 passports fetched 8,900 approved passports from the whole phone's trigram index to
 * check them (12.5 ms), the halves fetch 330 (2.8 ms with the prefix's 8,300 read in the btree).
 */
type PhoneHalf = "prefix" | "infix";

/**
 * With another text filter, the whole columns' trigram index meets both filters in the index and
 * fetches few passports ("phone prefix 017 + passport fragment": 6 ms that way, 18 in halves, where
 * the prefix half tests the passport number on the 80,000 approved phones beginning 017).
 */
const phoneInHalves = (plan: ListPlan) => plan.texts.length === 1 && plan.texts[0].column === "telephone" && [...plan.texts[0].value].length >= 3;

/**
 * The part's and plan's conditions; a two-character filter with followers as the union of the
 * patterns they make, and with `half` the phone filter as that half of its matches. The columns are
 * left bare: which indexes may serve them is the sessions' to say (TextSearch).
 */
function conditions(plan: ListPlan, part: Part, followers: Followers, half?: PhoneHalf): Expression<SqlBool>[] {
  // A pair's followers are a union of patterns, and the planner would look the agents, slots and visa
  // types up in the trigram index once for each (a rare pair with the slots of a year: 165 ms): with
  // followers they are tested on the few passports found.
  const union = plan.texts.some((t) => followers.has(t));
  // The status as a literal: a parameter would hide which per-status index applies.
  const where = rowConditions("passport_search", union ? { ...plan, ids: undefined } : plan, { ...part, status: undefined }, { texts: false, byPart: union });
  if (part.status !== undefined) where.unshift(sql<SqlBool>`passport_search.status = ${sql.lit(part.status)}`);
  for (const t of plan.texts) {
    const column = sql.ref(`passport_search.${t.column}`);
    const like = (pattern: string, text: unknown = column) => sql<SqlBool>`${text} like lower(${pattern}) escape '\\'`;
    const next = followers.get(t);
    if (half && t.column === "telephone") {
      const starts = like(startsWithPattern(t.value));
      // "<> ''": the prefix index's condition (migration 0012), which the planner must find stated.
      where.push(half === "prefix" ? sql<SqlBool>`${column} <> '' and ${starts}` : sql<SqlBool>`${like(containsPattern(t.value), sql`substr(${column}, 2)`)} and not ${starts}`);
    } else if (next) where.push(sql<SqlBool>`(${sql.join([endsWithPattern(t.value), ...next.map((ch) => containsPattern(t.value + ch))].map((p) => like(p)), sql` or `)})`);
    else where.push(like(containsPattern(t.value)));
  }
  return where;
}

/** Whether a part's matches are counted in its trigram index rather than by reading it whole. */
const byTrigrams = (plan: ListPlan, followers: Followers) => plan.texts.every((t) => [...t.value].length >= 3 || followers.has(t));

/**
 * A page within this many of the newest matches is taken from the ids that the count's read keeps
 * (countWithNewest), rather than read again; deeper pages are read on their own.
 */
const KEPT_IDS = 25_000;

/**
 * `db` reads the names and a phone's prefix half; `search` counts in the trigram indexes and reads
 * pages of many matches in index order, each on sessions planning that way only (server/db/database.ts).
 */
/**
 * A lone number filter matching fewer passports than this is counted in the trigram indexes, whose
 * read also finds the page; from this many on, its count is read in passport_gram_counts and the page
 * newest first ("passport no: a12", 2,920 at 10^6: 6 ms the first way, 13 the second, which passes
 * over thousands of passports per status to find ten).
 */
const GRAMS_FROM = 10_000;

export function postgresSearch(db: Kysely<DB>, search: TextSearch, keptIds = KEPT_IDS, gramsFrom = GRAMS_FROM): ListReader {
  const looked = new WeakMap<ListPlan, Promise<Followers>>();
  const followersFor = (plan: ListPlan) => {
    if (!looked.has(plan)) looked.set(plan, followersOf(db, search, plan));
    return looked.get(plan)!;
  };
  const partRead = partReader(db, search, followersFor);
  const byParts = partwise(partRead);
  /** The newest ids matching a plan's parts (that very array), kept by its count for the page. */
  const kept = new WeakMap<ListPlan, { parts: Part[]; ids: number[]; newest: number }>();
  return {
    async count(plan, parts, cap, newest = keptIds) {
      const followers = await followersFor(plan);
      if (byTrigrams(plan, followers) && keptIds > 0) {
        // One read per status (and phone half) counts its matches and keeps the newest the page needs.
        const found = await countWithNewest(db, search, plan, parts, cap, newest <= keptIds ? newest : 0, followers);
        if (found.ids) kept.set(plan, { parts, ids: found.ids, newest });
        return { n: Math.min(cap, found.n) };
      }
      if (!byTrigrams(plan, followers)) return { n: await countInOrder(search, plan, parts, cap, followers) };
      // Status by status in their trigram indexes, at once: each waits mostly on its own reads.
      if (parts.length > 1) {
        const counts = await Promise.all(parts.map((part) => partRead.count(plan, part, cap)));
        return { n: Math.min(cap, counts.reduce((a, b) => a + b, 0)) };
      }
      return byParts.count(plan, parts, cap);
    },
    async page(plan, parts, window) {
      const known = kept.get(plan);
      const { offset, size, beforeId } = window;
      if (known?.parts !== parts || beforeId !== undefined || offset + size > known.newest) return byParts.page(plan, parts, window);
      return known.ids.slice(offset, offset + size);
    },
    async countByGram(plan) {
      const [{ column, value }] = plan.texts;
      // ASCII: characters that lower() keeps as many, as the counted runs were taken.
      const counted = (GRAM_COLUMNS as readonly string[]).includes(column) && (GRAM_LENGTHS as readonly number[]).includes(value.length) && /^[\x00-\x7f]*$/.test(value);
      if (!counted) return undefined;
      const where = [sql<SqlBool>`col = ${column}`, sql<SqlBool>`gram = lower(${value})`, ...(plan.statuses ? [inList("status", plan.statuses)] : [])];
      const result = await sql<{ n: unknown }>`select coalesce(sum(n), 0) as n from passport_gram_counts where ${and(where)}`.execute(db);
      const n = fromDbCount(result.rows[0]?.n);
      return n >= gramsFrom ? n : undefined;
    },
    // Any length: a short filter reads every distinct name (passport_names), still far fewer rows than passports.
    countByName: (plan, columns) => countOverNames(db, namesContaining(plan.texts[0].value), columns),
    namesMatching(value) {
      if ([...value].length < 3) return undefined;
      return { where: namesContaining(value), name: sql`passport_names.name` };
    },
  };
}

/**
 * The statements that read a part's matches in the trigram indexes: one, or a phone filter's halves,
 * the prefix on `db` (an index-only read the trigram sessions would not make).
 */
function partStatements(db: Kysely<DB>, search: TextSearch, plan: ListPlan, part: Part, followers: Followers): { on: Kysely<DB>; where: Expression<SqlBool>[] }[] {
  if (!phoneInHalves(plan)) return [{ on: search.trigrams, where: conditions(plan, part, followers) }];
  return [
    { on: db, where: conditions(plan, part, followers, "prefix") },
    { on: search.trigrams, where: conditions(plan, part, followers, "infix") },
  ];
}

/**
 * How many passports match the parts, up to `cap` in each read, and the `newest` of them (none when
 * 0, or when a read stopped at the cap: its first `cap` matches are not its newest). Part by part at
 * once, each on a connection of its own, rather than one statement reading them in turn; each read
 * sends its count and only its newest ids (thousands of ids sent and sorted here took 8 of the 25 ms
 * of "phone: 0171" at 10^6 passports), and a list's total and page come from this one read.
 */
async function countWithNewest(db: Kysely<DB>, search: TextSearch, plan: ListPlan, parts: Part[], cap: number, newest: number, followers: Followers): Promise<{ n: number; ids?: number[] }> {
  const reads = await Promise.all(
    parts.flatMap((part) => partStatements(db, search, plan, part, followers)).map(async ({ on, where }) => {
      const matches = sql`select id from passport_search where ${and(where)} limit ${cap}`;
      if (newest === 0) {
        const result = await sql<{ n: unknown }>`select count(*) as n from (${matches}) m`.execute(on);
        return { n: fromDbCount(result.rows[0]?.n), ids: [] };
      }
      // count(*) over the whole read, the newest kept by a bounded sort rather than all sorted.
      const result = await sql<{ id: number; n: unknown }>`select id, count(*) over () as n from (${matches}) m order by id desc limit ${newest}`.execute(on);
      return { n: result.rows.length ? fromDbCount(result.rows[0].n) : 0, ids: result.rows.map((row) => Number(row.id)) };
    }),
  );
  const n = reads.reduce((sum, read) => sum + read.n, 0);
  if (newest === 0 || reads.some((read) => read.n >= cap)) return { n };
  return { n, ids: reads.flatMap((read) => read.ids).sort((a, b) => b - a).slice(0, newest) };
}

function partReader(db: Kysely<DB>, search: TextSearch, followersFor: (plan: ListPlan) => Promise<Followers>): PartRead {
  return {
    async count(plan, part, cap) {
      // In the trigram indexes (a phone in halves); lists the trigram indexes do not answer are
      // counted in index order (countInOrder).
      const statements = partStatements(db, search, plan, part, await followersFor(plan));
      const counts = await Promise.all(
        statements.map(({ on, where }) => sql<{ n: unknown }>`select count(*) as n from (select 1 from passport_search where ${and(where)} limit ${cap}) m`.execute(on)),
      );
      return Math.min(cap, counts.reduce((sum, result) => sum + fromDbCount(result.rows[0]?.n), 0));
    },
    async ids(plan, part, limit, offset, { total, beforeId }) {
      // Many: each text filter as itself (not its followers, then not looked up), tested on each passport read in order.
      const followers: Followers = total > FEW ? new Map() : await followersFor(plan);
      const many = total > FEW || !byTrigrams(plan, followers);
      const where = conditions(plan, part, many ? new Map() : followers);
      if (beforeId !== undefined) where.push(sql<SqlBool>`passport_search.id < ${beforeId}`);
      // Many matches: newest first in the part's btree index, the planner's only way on these sessions
      // (misjudging LIKE, it would read the whole status and sort). Few: found in the trigram indexes, sorted.
      const result = await sql<{ id: number }>`select id from passport_search where ${and(where)}
        order by passport_search.id desc limit ${limit} offset ${offset}`.execute(many ? search.inOrder : search.trigrams);
      return result.rows.map((r) => r.id);
    },
  };
}

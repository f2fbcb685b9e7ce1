/**
 * Text filters on PostgreSQL: passport_search, a narrow copy of the filtered columns (the text ones
 * lower-cased) with a pg_trgm index per status and two covering btree indexes, (status, id) and
 * (agent, status, id). A part of a list (one status) names its status as a literal, so that its
 * trigram index applies. The reader, not the planner, picks the way (docs/lists.md):
 * - a list counts the matches of its status's GIN index (filters of three characters or more; the
 *   index also holds agent, admin, slot and visa type), the way a selective filter needs (the
 *   planner, misjudging LIKE, would read the whole status); shorter filters are tested in the
 *   covering indexes, (status, id) or (agent, status, id);
 * - a page of many matches is read newest first in the covering (status, id) index, one of few
 *   matches taken from the trigram index and sorted.
 * The LIKE is PostgreSQL's, on lower(value): exactly what a scan of passports finds.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { containsPattern, FEW, type ListPlan, type ListReader, type Part, partwise, rowConditions } from "../list-plan";

const and = (where: Expression<SqlBool>[]) => (where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`1 = 1`);

/** With `walk`, no filter column may use an index: the part is read in its btree index, in order. */
function conditions(plan: ListPlan, part: Part, walk: boolean): Expression<SqlBool>[] {
  // The status as a literal: a parameter would hide which per-status index applies.
  const where = rowConditions("passport_search", plan, { ...part, status: undefined }, { texts: false, byPart: walk });
  if (part.status !== undefined) where.unshift(sql<SqlBool>`passport_search.status = ${sql.lit(part.status)}`);
  for (const { column, value } of plan.texts) {
    const text = walk ? sql`(${sql.ref(`passport_search.${column}`)} || '')` : sql.ref(`passport_search.${column}`);
    where.push(sql<SqlBool>`${text} like lower(${containsPattern(value)}) escape '\\'`);
  }
  return where;
}

/** Whether a part's matches are counted in its trigram index rather than by reading it whole. */
const byTrigrams = (plan: ListPlan) => plan.texts.every((t) => [...t.value].length >= 3);

/**
 * A list of at most this many matches (filters of three characters or more) is read whole in one
 * statement, status by status in the trigram indexes: its total is the number of ids and its page is
 * taken from them, rather than a count and a page per status.
 */
const KEPT_IDS = 25_000;

export function postgresSearch(db: Kysely<DB>, keptIds = KEPT_IDS): ListReader {
  const byParts = reader(db);
  /** The ids of every match of a plan's parts (that very array), newest first, kept by its count. */
  const kept = new WeakMap<ListPlan, { parts: Part[]; ids: number[] }>();
  return {
    async count(plan, parts, cap) {
      if (keptIds > 0 && cap > keptIds && byTrigrams(plan)) {
        const ids = await allIds(db, plan, parts, keptIds);
        if (ids) {
          kept.set(plan, { parts, ids });
          return { n: ids.length };
        }
      }
      return byParts.count(plan, parts, cap);
    },
    async page(plan, parts, window) {
      const known = kept.get(plan);
      if (known?.parts !== parts) return byParts.page(plan, parts, window);
      const { offset, size, beforeId } = window;
      return (beforeId === undefined ? known.ids : known.ids.filter((id) => id < beforeId)).slice(offset, offset + size);
    },
    async countByName(plan, columns) {
      const result = await sql<{ n: unknown }>`select coalesce(sum(${sql.raw(columns.join(" + "))}), 0) as n from passport_names
        where name like lower(${containsPattern(plan.texts[0].value)}) escape '\\'`.execute(db);
      return fromDbCount(result.rows[0]?.n);
    },
    namesMatching(plan) {
      const { value } = plan.texts[0];
      if ([...value].length < 3) return undefined;
      // Name by name, PostgreSQL pays about 0.1 ms per name: worth it where the agent narrows each
      // name down to a few index entries, not for a slot or a visa type over a thousand names.
      if (plan.agentId === undefined && plan.agentOrAdminId === undefined && !plan.agentIds) return undefined;
      return { where: sql<SqlBool>`passport_names.name like lower(${containsPattern(value)}) escape '\\'`, name: sql`passport_names.name` };
    },
  };
}

/** Every id matching the parts, newest first; undefined when they are more than `most`. */
async function allIds(db: Kysely<DB>, plan: ListPlan, parts: Part[], most: number): Promise<number[] | undefined> {
  const branches = parts.map((part) => sql`(select id from passport_search where ${and(conditions(plan, part, false))} limit ${most + 1})`);
  const result = await db.transaction().execute(async (trx) => {
    // Bitmap scans only: the trigram index, not a walk through every passport of the status.
    await sql`select set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`.execute(trx);
    return sql<{ ids: number[] | null }>`select array_agg(id) as ids from (select id from (${sql.join(branches, sql` union all `)}) u limit ${most + 1}) m`.execute(trx);
  });
  const ids = result.rows[0]?.ids ?? [];
  return ids.length > most ? undefined : ids.map(Number).sort((a, b) => b - a);
}

function reader(db: Kysely<DB>): ListReader {
  return partwise({
    async count(plan, part, cap) {
      const trigrams = byTrigrams(plan);
      const count = (q: Kysely<DB>) =>
        sql<{ n: unknown }>`select count(*) as n from (select 1 from passport_search where ${and(conditions(plan, part, !trigrams))} limit ${cap}) m`.execute(q);
      const result = trigrams
        ? await db.transaction().execute(async (trx) => {
            // Bitmap scans only: the trigram index, not a walk through every passport of the status.
            await sql`set local enable_indexscan = off`.execute(trx);
            await sql`set local enable_indexonlyscan = off`.execute(trx);
            return count(trx);
          })
        : await count(db);
      return fromDbCount(result.rows[0]?.n);
    },
    async ids(plan, part, limit, offset, { total, beforeId }) {
      const many = total > FEW || !byTrigrams(plan);
      const where = conditions(plan, part, many);
      if (beforeId !== undefined) where.push(sql<SqlBool>`passport_search.id < ${beforeId}`);
      // Few matches: sorted (id + 0 keeps the planner from walking the whole status for them).
      const order = many ? sql`passport_search.id desc` : sql`passport_search.id + 0 desc`;
      const result = await sql<{ id: number }>`select id from passport_search where ${and(where)}
        order by ${order} limit ${limit} offset ${offset}`.execute(db);
      return result.rows.map((r) => r.id);
    },
  });
}

/**
 * Text filters on PostgreSQL: passport_search, a narrow copy of the filtered columns (the text ones
 * lower-cased) with a pg_trgm index per status. A part of a list (one status) names its status as a
 * literal, so the planner picks that status's trigram index for a selective filter. Once the count
 * shows many matches, a page is read in the covering (status, id) index, newest first, testing the
 * filters on the index alone; when few, the matches are taken from the trigram index and sorted. The
 * LIKE is PostgreSQL's, on lower(value): exactly what a scan of passports finds.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { containsPattern, FEW, type ListPlan, type ListReader, type Part, partwise, rowConditions } from "../list-plan";

const and = (where: Expression<SqlBool>[]) => (where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`1 = 1`);

/** With `byPart`, no filter column may use an index: the part is read in (status, id) order. */
function conditions(plan: ListPlan, part: Part, byPart: boolean): Expression<SqlBool>[] {
  // The status as a literal: a parameter would hide which per-status index applies.
  const where = rowConditions("passport_search", plan, { ...part, status: undefined }, { texts: false, byPart });
  if (part.status !== undefined) where.unshift(sql<SqlBool>`passport_search.status = ${sql.lit(part.status)}`);
  for (const { column, value } of plan.texts) {
    const text = byPart ? sql`(${sql.ref(`passport_search.${column}`)} || '')` : sql.ref(`passport_search.${column}`);
    where.push(sql<SqlBool>`${text} like lower(${containsPattern(value)}) escape '\\'`);
  }
  return where;
}

export function postgresSearch(db: Kysely<DB>): ListReader {
  return partwise({
    async count(plan, part, cap) {
      const result = await sql<{ n: unknown }>`select count(*) as n from (select 1 from passport_search
        where ${and(conditions(plan, part, false))} limit ${cap}) m`.execute(db);
      return fromDbCount(result.rows[0]?.n);
    },
    async ids(plan, part, limit, offset, { total, beforeId }) {
      const many = total > FEW;
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

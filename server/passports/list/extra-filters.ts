/**
 * The lists' extra filters (ours, src/contract PASSPORT_EXTRA_FILTER_KEYS): date ranges and milestones.
 * Each is one condition added to a list's filters; every range is served by an index led by the status
 * (migration 0006), as the lists are.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import { MILESTONES, type PassportDateRange, type PassportListQuery } from "../../../src/contract";
import { toDbBool } from "../../db/values";
import { MILESTONE_COLUMNS } from "../mapper";

type ExtraFilters = Pick<PassportListQuery, `${PassportDateRange}${"From" | "To"}` | (typeof MILESTONES)[number]["field"]>;

/** Calendar dates compare as YYYY-MM-DD; instants from the day's start in the server's time zone. */
const RANGE_COLUMNS: Record<PassportDateRange, { column: Expression<unknown>; kind: "date" | "instant" }> = {
  visaExpire: { column: sql`passports.visa_expire_date`, kind: "date" },
  passportExpire: { column: sql`passports.passport_expire_date`, kind: "date" },
  flight: { column: sql`passports.flight_schedule_date`, kind: "instant" },
  // As the index passports_status_since_idx is written, so it serves the range.
  statusChanged: { column: sql`coalesce(passports.status_changed_at, passports.created_at)`, kind: "instant" },
};

/** The instant a YYYY-MM-DD day starts in the server's time zone, as stored (UTC ISO text). */
export function startOfDay(ymd: string, addDays = 0): string {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(y, m - 1, d + addDays).toISOString();
}

export function extraFilterConditions(q: ExtraFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  for (const [range, { column, kind }] of Object.entries(RANGE_COLUMNS) as [PassportDateRange, (typeof RANGE_COLUMNS)[PassportDateRange]][]) {
    const from = q[`${range}From`];
    const to = q[`${range}To`];
    if (from !== undefined) where.push(sql<SqlBool>`${column} >= ${kind === "date" ? from : startOfDay(from)}`);
    if (to !== undefined) where.push(kind === "date" ? sql<SqlBool>`${column} <= ${to}` : sql<SqlBool>`${column} < ${startOfDay(to, 1)}`);
  }
  for (const { field } of MILESTONES) {
    const done = q[field];
    if (done !== undefined) where.push(sql<SqlBool>`${sql.ref(`passports.${MILESTONE_COLUMNS[field]}`)} = ${toDbBool(done)}`);
  }
  return where;
}

/**
 * GET /api/passport/overview: what each role's Overview shows, within a scope (all passports, or one
 * agent's). Totals per status come from the counters (migration 0005), the reviewed passports'
 * milestones from migration 0007's, every other count is one indexed range (migration 0006), and each
 * "needs attention" count uses exactly the list filters it answers, so the list it links to shows the
 * same passports.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import {
  ATTENTION_ITEMS,
  type AttentionCount,
  type AttentionItem,
  MILESTONES,
  type MilestoneField,
  PASSPORT_STATUSES,
  type PassportDateRangeKey,
  type PassportOverview,
  type PassportStatus,
  passportExtraFiltersSchema,
  todayYmd,
} from "../../../src/contract";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { countPassportsBy } from "./counts";
import { extraFilterConditions } from "./extra-filters";
import { MILESTONE_COLUMNS } from "../mapper";
import { and } from "./sql";

/** YYYY-MM-DD arithmetic on the calendar (no time zone involved). */
function shift(ymd: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months, date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The "Needs attention" items (docs/screens.md "Overview"): the statuses each looks at (passports still
 * on their way; flights also once approved) and the list filter that selects them.
 */
export const ATTENTION: Record<AttentionItem, { statuses: PassportStatus[]; filter: (today: string) => Partial<Record<PassportDateRangeKey, string>> }> = {
  visaExpiring: { statuses: ["REVIEWED", "COMPLETED"], filter: (today) => ({ visaExpireTo: shift(today, { days: 30 }) }) },
  passportExpiring: { statuses: ["PENDING", "REVIEWED", "COMPLETED"], filter: (today) => ({ passportExpireTo: shift(today, { months: 6 }) }) },
  flightsSoon: { statuses: ["REVIEWED", "COMPLETED", "APPROVED"], filter: (today) => ({ flightFrom: today, flightTo: shift(today, { days: 7 }) }) },
  waitingLong: { statuses: ["PENDING", "REVIEWED", "COMPLETED"], filter: (today) => ({ statusChangedTo: shift(today, { days: -15 }) }) },
};

export interface OverviewScope {
  agentId?: number;
}

const statusIn = (statuses: readonly string[]) => sql<SqlBool>`passports.status in (${sql.join(statuses)})`;

export async function passportOverview(db: Kysely<DB>, scope: OverviewScope, today = todayYmd()): Promise<PassportOverview> {
  // In a range count the agent is read from the range's index (its last column): the unary plus keeps
  // the planner from choosing an agent index and reading every row of the agent's instead.
  const agentInRange = scope.agentId !== undefined ? [sql<SqlBool>`+passports.agent_id = ${scope.agentId}`] : [];

  /** Passports matching `where`, per status. */
  const countByStatus = async (where: Expression<SqlBool>[], scoped = agentInRange) => {
    const rows = await db
      .selectFrom("passports")
      .select(["passports.status", sql<string | number>`count(*)`.as("n")])
      .where(and([...where, ...scoped]))
      .groupBy("passports.status")
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, fromDbCount(r.n)])) as Partial<Record<PassportStatus, number>>;
  };

  // From migration 0007's counters (one row per agent), not a count of every reviewed passport.
  const reviewedMilestones = async () => {
    const sums = MILESTONES.map((m) => sql<string | number>`sum(${sql.ref(MILESTONE_COLUMNS[m.field])})`.as(m.field));
    const row = await db
      .selectFrom("passport_milestone_counts")
      .select(sums)
      .where("status", "=", "REVIEWED")
      .$if(scope.agentId !== undefined, (q) => q.where("agent_id", "=", scope.agentId!))
      .executeTakeFirstOrThrow();
    return Object.fromEntries(MILESTONES.map((m) => [m.field, fromDbCount((row as Record<string, unknown>)[m.field])])) as Record<MilestoneField, number>;
  };

  const attention = async (item: AttentionItem, totals: Partial<Record<PassportStatus, number>>): Promise<AttentionCount> => {
    const { statuses, filter } = ATTENTION[item];
    const values = filter(today);
    const byStatus =
      item === "waitingLong" && values.statusChangedTo !== undefined
        ? await waitingSince(statuses, values.statusChangedTo, totals)
        : await countByStatus([statusIn(statuses), ...extraFilterConditions(passportExtraFiltersSchema.parse(values))]);
    const counts = Object.fromEntries(statuses.map((s) => [s, byStatus[s] ?? 0]));
    return { byStatus: counts, total: Object.values(counts).reduce((a, b) => a + b, 0), filter: values };
  };

  /**
   * Passports in their status since `to` or before: most of those on their way, so counted as the
   * status's total (the counters) less those that entered it after `to`, a short range of the index.
   */
  const waitingSince = async (statuses: PassportStatus[], to: string, totals: Partial<Record<PassportStatus, number>>) => {
    const after = passportExtraFiltersSchema.parse({ statusChangedFrom: shift(to, { days: 1 }) });
    const recent = await countByStatus([statusIn(statuses), ...extraFilterConditions(after)]);
    return Object.fromEntries(statuses.map((s) => [s, (totals[s] ?? 0) - (recent[s] ?? 0)])) as Partial<Record<PassportStatus, number>>;
  };

  const monthStart = `${today.slice(0, 8)}01`;
  const decidedFilter = { statusChangedFrom: monthStart };
  // Per status from migration 0005's counters (a few hundred rows), not a count of every passport.
  const totals = async () => {
    const rows = await countPassportsBy(db, ["status"], scope.agentId !== undefined ? { agentIds: [scope.agentId] } : {});
    return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<PassportStatus, number>>;
  };
  const all = await totals();
  const [milestones, decided, ...items] = await Promise.all([
    reviewedMilestones(),
    countByStatus([statusIn(["APPROVED", "REJECTED"]), ...extraFilterConditions(passportExtraFiltersSchema.parse(decidedFilter))]),
    ...ATTENTION_ITEMS.map((item) => attention(item, all)),
  ]);
  return {
    today,
    agentId: scope.agentId ?? null,
    byStatus: Object.fromEntries(PASSPORT_STATUSES.map((s) => [s, all[s] ?? 0])) as Record<PassportStatus, number>,
    reviewedMilestones: milestones,
    decidedThisMonth: { approved: decided.APPROVED ?? 0, rejected: decided.REJECTED ?? 0, filter: decidedFilter },
    attention: Object.fromEntries(ATTENTION_ITEMS.map((item, i) => [item, items[i]])) as Record<AttentionItem, AttentionCount>,
  };
}

/**
 * Passport counts read from the counters that migration 0005's triggers keep in step with every
 * write: per status, agent (id and name), admin and visa type (passport_counts), per status, slot and
 * agent (passport_slot_counts), and per status and block of 1024 ids (passport_block_counts). Each
 * answer is exact and costs a few hundred rows at most, whatever the number of passports.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { and, inList } from "./sql";

export const BLOCK_SIZE = 1024;

/** passport_names' count columns: one per status this server writes, and one for any other status. */
export const NAME_COUNTS = ["pending", "reviewed", "completed", "approved", "rejected", "other"] as const;

/** The visa types passport_names also counts per status column (migration 0013): "approved_workvisa". */
const NAME_VISA_TYPES = ["WORKVISA", "VISITVISA", "STUDENTVISA"] as const;
const nameVisaColumn = (statusColumn: string, visaType: string) => `${statusColumn}_${visaType.toLowerCase()}`;

/** The passports counted in `columns` of the passport_names rows that `names` (a condition on that table) selects. */
export async function countOverNames(db: Kysely<DB>, names: Expression<SqlBool>, columns: readonly string[]): Promise<number> {
  const row = await sql<{ n: unknown }>`select coalesce(sum(${sql.raw(columns.join(" + "))}), 0) as n from passport_names where ${names}`.execute(db);
  return fromDbCount(row.rows[0]?.n);
}

/**
 * The passport_names columns that count these statuses (all when absent), and with `visaTypes` only
 * the passports of those (migration 0013); undefined when "other" would mix statuses or a visa type
 * has no column.
 */
export function nameCountColumns(statuses: readonly string[] | undefined, visaTypes?: readonly string[]): string[] | undefined {
  const columns = statuses ? statuses.map((s) => s.toLowerCase()) : [...NAME_COUNTS];
  if (statuses && !columns.every((c) => c !== "other" && (NAME_COUNTS as readonly string[]).includes(c))) return undefined;
  if (!visaTypes) return columns;
  if (visaTypes.length === 0 || !visaTypes.every((v) => (NAME_VISA_TYPES as readonly string[]).includes(v))) return undefined;
  return columns.flatMap((c) => visaTypes.map((v) => nameVisaColumn(c, v)));
}

/** Which passports to count: every condition given must hold. */
export interface CountFilter {
  statuses?: readonly string[];
  agentIds?: readonly number[];
  /** Passports whose agent or admin is this user. */
  agentOrAdminId?: number;
  visaTypes?: readonly string[];
  slotIds?: readonly number[];
}

function conditions(f: CountFilter): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (f.statuses) where.push(f.statuses.length ? inList("status", f.statuses) : sql<SqlBool>`1 = 0`);
  if (f.agentIds) where.push(f.agentIds.length ? inList("agent_id", f.agentIds) : sql<SqlBool>`1 = 0`);
  if (f.visaTypes) where.push(f.visaTypes.length ? inList("visa_type", f.visaTypes) : sql<SqlBool>`1 = 0`);
  if (f.slotIds) where.push(f.slotIds.length ? inList("slot_id", f.slotIds) : sql<SqlBool>`1 = 0`);
  return where;
}

/** Whether countPassports can answer this filter from the counters (a slot with an admin or a visa type cannot). */
export const countable = (f: CountFilter): boolean => !f.slotIds || (f.agentOrAdminId === undefined && !f.visaTypes);

/** The exact number of passports matching `f`; see `countable`. */
export async function countPassports(db: Kysely<DB>, f: CountFilter): Promise<number> {
  if (!countable(f)) throw new Error("countPassports: a slot filter with an admin or a visa type is not counted");
  const where = conditions(f);
  if (f.agentOrAdminId !== undefined) where.push(sql<SqlBool>`(agent_id = ${f.agentOrAdminId} or admin_key = ${f.agentOrAdminId})`);
  const table = f.slotIds ? "passport_slot_counts" : "passport_counts";
  const row = await sql<{ n: unknown }>`select sum(n) as n from ${sql.table(table)} where ${and(where)}`.execute(db);
  return fromDbCount(row.rows[0]?.n);
}

export type CountDimension = "status" | "agent_id" | "agent_name" | "admin_key" | "visa_type";

/**
 * Passport counts grouped by some of status, agent, admin and visa type, e.g. per status and agent for
 * an overview; groups without passports are left out. admin_key is the admin's id, 0 for none.
 */
export async function countPassportsBy<D extends CountDimension>(
  db: Kysely<DB>,
  by: readonly D[],
  f: Omit<CountFilter, "slotIds"> = {},
): Promise<(Record<D, D extends "status" | "agent_name" | "visa_type" ? string : number> & { n: number })[]> {
  const where = conditions(f);
  if (f.agentOrAdminId !== undefined) where.push(sql<SqlBool>`(agent_id = ${f.agentOrAdminId} or admin_key = ${f.agentOrAdminId})`);
  const columns = sql.join(by.map((c) => sql.ref(c)));
  const rows = await sql<Record<string, unknown>>`select ${columns}, sum(n) as n from passport_counts where ${and(where)}
    group by ${columns} having sum(n) > 0`.execute(db);
  return rows.rows.map((r) => ({ ...r, n: fromDbCount(r.n) })) as never;
}

/** Passports per status (statuses with none left out). */
export async function statusTotals(db: Kysely<DB>): Promise<Map<string, number>> {
  return new Map((await countPassportsBy(db, ["status"])).map((r) => [r.status, r.n]));
}

/**
 * Where a deep page of the passports of some statuses (all when absent) begins, newest first: the
 * page's rows are those below `beforeId`, after skipping `skip` of them. Reads one counter per block.
 */
export async function deepPageStart(db: Kysely<DB>, statuses: readonly string[] | undefined, offset: number): Promise<{ beforeId: number; skip: number } | undefined> {
  const where = statuses ? inList("status", statuses) : sql<SqlBool>`1 = 1`;
  const blocks = await sql<{ block: number; n: unknown }>`select block, sum(n) as n from passport_block_counts where ${where}
    group by block having sum(n) > 0 order by block desc`.execute(db);
  let before = 0;
  for (const { block, n } of blocks.rows) {
    const inBlock = fromDbCount(n);
    if (before + inBlock > offset) return { beforeId: (Number(block) + 1) * BLOCK_SIZE, skip: offset - before };
    before += inBlock;
  }
  return undefined;
}

/** Passports of these statuses (all when absent) with an id of at least `id`, estimated to the block. */
export async function countFromId(db: Kysely<DB>, statuses: readonly string[] | undefined, id: number): Promise<number> {
  const where = statuses ? inList("status", statuses) : sql<SqlBool>`1 = 1`;
  const row = await sql<{ n: unknown }>`select sum(n) as n from passport_block_counts where ${where} and block >= ${Math.floor(id / BLOCK_SIZE)}`.execute(db);
  return fromDbCount(row.rows[0]?.n);
}

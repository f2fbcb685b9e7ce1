/**
 * Every passport list: a scope (statuses, agent) plus the §5 filters, answered as one count query and
 * one page query, newest first. Text filters match case-insensitively anywhere in the value, with the
 * LIKE wildcards of the value taken literally; isSuperAdminApproved matches the status exactly.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Passport, PassportFilterKey, PassportListQuery } from "../../src/contract";
import type { DB } from "../db/schema";
import { fromDbCount } from "../db/values";
import { selectPassports, toPassport } from "./mapper";

export interface ListScope {
  /** Only these statuses; all when absent. */
  statuses?: readonly string[];
  /** Only this agent's passports. */
  agentId?: number;
  /** Passports whose agent or admin is this user (an admin's "Agent Data Entry"). */
  agentOrAdminId?: number;
}

type TextFilterKey = Exclude<PassportFilterKey, "isSuperAdminApproved">;

const TEXT_FILTER_COLUMNS: Record<TextFilterKey, string> = {
  fullName: "passports.full_name",
  passportNo: "passports.passport_no",
  telephone: "passports.telephone",
  agentName: "passports.agent_name",
  slot: "slots.slot_name",
  visaType: "passports.visa_type",
};

/** "50%_a\b" → "%50\%\_a\\b%": a LIKE pattern that finds the value literally, anywhere. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(scope: ListScope, q: PassportListQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (scope.statuses) where.push(sql<SqlBool>`passports.status in (${sql.join(scope.statuses)})`);
  if (scope.agentId !== undefined) where.push(sql<SqlBool>`passports.agent_id = ${scope.agentId}`);
  if (scope.agentOrAdminId !== undefined) {
    where.push(sql<SqlBool>`(passports.agent_id = ${scope.agentOrAdminId} or passports.admin_id = ${scope.agentOrAdminId})`);
  }
  // Statuses are stored upper case, so an exact match on the upper-cased value keeps the status index usable.
  if (q.isSuperAdminApproved !== undefined) where.push(sql<SqlBool>`passports.status = ${q.isSuperAdminApproved.toUpperCase()}`);
  for (const [key, column] of Object.entries(TEXT_FILTER_COLUMNS) as [TextFilterKey, string][]) {
    const value = q[key];
    if (value === undefined) continue;
    where.push(sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(value)}) escape '\\'`);
  }
  return where;
}

export interface PassportPage {
  content: Passport[];
  total: number;
}

export async function listPassports(db: Kysely<DB>, scope: ListScope, q: PassportListQuery): Promise<PassportPage> {
  const where = conditions(scope, q);
  const matching = where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`1 = 1`;

  // The count joins slots only when the slot filter needs it: every passport has exactly one slot.
  const count = (
    q.slot === undefined ? db.selectFrom("passports") : db.selectFrom("passports").innerJoin("slots", "slots.id", "passports.slot_id")
  )
    .select(sql<string | number>`count(*)`.as("n"))
    .where(matching);
  const [counted, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    selectPassports(db)
      .where(matching)
      .orderBy("passports.id", "desc")
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
  ]);
  return { content: rows.map(toPassport), total: fromDbCount(counted.n) };
}

/**
 * Every passport list: a scope (statuses, agent) plus the §5 filters, answered as a count and a page,
 * newest first. Text filters match case-insensitively anywhere in the value, with the
 * LIKE wildcards of the value taken literally; isSuperAdminApproved matches the status exactly.
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Passport, PassportFilterKey, PassportListQuery } from "../../src/contract";
import type { DB } from "../db/schema";
import { fromDbCount } from "../db/values";
import { extraFilterConditions } from "./extra-filters";
import { selectPassports, toPassport } from "./mapper";

export interface ListScope {
  /** Only these statuses; all when absent. */
  statuses?: readonly string[];
  /** Only this agent's passports. */
  agentId?: number;
  /** Passports whose agent or admin is this user (an admin's "Agent Data Entry"). */
  agentOrAdminId?: number;
}

type TextFilterKey = Exclude<PassportFilterKey, "isSuperAdminApproved" | "slot">;

const TEXT_FILTER_COLUMNS: Record<TextFilterKey, string> = {
  fullName: "passports.full_name",
  passportNo: "passports.passport_no",
  telephone: "passports.telephone",
  agentName: "passports.agent_name",
  visaType: "passports.visa_type",
};

/** "50%_a\b" → "%50\%\_a\\b%": a LIKE pattern that finds the value literally, anywhere. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One index-ordered slice of a list: a status and an owner column, either of which may be open. */
interface Part {
  status?: string;
  owner?: { column: "agent_id" | "admin_id"; id: number };
}

/**
 * The list's scope as parts whose union is the list. Each part is served newest first by one index
 * ((status, id), (agent_id, status, id), (agent_id, id), (admin_id, id) or the key), so a page never
 * sorts every matching row; a scope of one part is read in one query. The isSuperAdminApproved
 * filter narrows the statuses (stored upper case, so an exact match on the upper-cased value).
 */
function partsOf(scope: ListScope, q: PassportListQuery): Part[] {
  let statuses: readonly (string | undefined)[] = scope.statuses ?? [undefined];
  if (q.isSuperAdminApproved !== undefined) {
    const wanted = q.isSuperAdminApproved.toUpperCase();
    statuses = scope.statuses ? scope.statuses.filter((s) => s === wanted) : [wanted];
  }
  const owners: Part["owner"][] =
    scope.agentOrAdminId !== undefined
      ? [{ column: "agent_id", id: scope.agentOrAdminId }, { column: "admin_id", id: scope.agentOrAdminId }]
      : scope.agentId !== undefined
        ? [{ column: "agent_id", id: scope.agentId }]
        : [undefined];
  return statuses.flatMap((status) => owners.map((owner) => ({ status, owner })));
}

function partConditions(part: Part): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (part.status !== undefined) where.push(sql<SqlBool>`passports.status = ${part.status}`);
  if (part.owner) where.push(sql<SqlBool>`${sql.ref(`passports.${part.owner.column}`)} = ${part.owner.id}`);
  return where;
}

const contains = (column: string, value: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(value)}) escape '\\'`;

function filterConditions(q: PassportListQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  for (const [key, column] of Object.entries(TEXT_FILTER_COLUMNS) as [TextFilterKey, string][]) {
    const value = q[key];
    if (value !== undefined) where.push(contains(column, value));
  }
  // The slot filter looks the few matching slots up, so the passports are still read in list order.
  if (q.slot !== undefined) where.push(sql<SqlBool>`passports.slot_id in (select slots.id from slots where ${contains("slots.slot_name", q.slot)})`);
  where.push(...extraFilterConditions(q));
  return where;
}

const and = (where: Expression<SqlBool>[]) => (where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`1 = 1`);
const or = (where: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(where, sql` or `)})`;

export interface PassportPage {
  content: Passport[];
  total: number;
}

export async function listPassports(db: Kysely<DB>, scope: ListScope, q: PassportListQuery): Promise<PassportPage> {
  const parts = partsOf(scope, q);
  if (parts.length === 0) return { content: [], total: 0 };
  const filters = filterConditions(q);
  const matching = and([or(parts.map((part) => and(partConditions(part)))), ...filters]);
  const count = db.selectFrom("passports").select(sql<string | number>`count(*)`.as("n")).where(matching).executeTakeFirstOrThrow();
  const rows = parts.length === 1 ? pageOfOnePart(db, and([...partConditions(parts[0]), ...filters]), q) : pageOfParts(db, parts, filters, q);
  const [counted, page] = await Promise.all([count, rows]);
  return { content: page.map(toPassport), total: fromDbCount(counted.n) };
}

function pageOfOnePart(db: Kysely<DB>, matching: Expression<SqlBool>, q: PassportListQuery) {
  return selectPassports(db)
    .where(matching)
    .orderBy("passports.id", "desc")
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
}

/**
 * A page of several parts: the newest page-end ids of each part (each read in index order), merged
 * here, then the page's rows by id. A passport in two parts (its agent and admin are the same user)
 * counts once.
 */
async function pageOfParts(db: Kysely<DB>, parts: Part[], filters: Expression<SqlBool>[], q: PassportListQuery) {
  const end = (q.page + 1) * q.size;
  const idLists = await Promise.all(
    parts.map((part) =>
      db
        .selectFrom("passports")
        .select("passports.id")
        .where(and([...partConditions(part), ...filters]))
        .orderBy("passports.id", "desc")
        .limit(end)
        .execute(),
    ),
  );
  const ids = [...new Set(idLists.flat().map((r) => r.id))].sort((a, b) => b - a).slice(q.page * q.size, end);
  if (ids.length === 0) return [];
  return selectPassports(db).where("passports.id", "in", ids).orderBy("passports.id", "desc").execute();
}

/**
 * What an import asks the database, for all its rows at once, in chunks (a query's parameters are
 * limited): agents by username, slots by name, passport numbers already held by a passport that is not
 * REJECTED (the rule of unique-number.ts). Names and numbers compare whatever their case.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Agents (users holding AGENT) by lower-cased username. */
export async function agentsByUsername(db: Kysely<DB>, usernames: readonly string[]): Promise<Map<string, { id: number; username: string }>> {
  const found = new Map<string, { id: number; username: string }>();
  for (const chunk of chunks([...new Set(usernames.map((u) => u.toLowerCase()))])) {
    const rows = await db
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .innerJoin("roles", "roles.id", "user_roles.role_id")
      .select(["users.id", "users.username"])
      .where(sql<string>`lower(users.username)`, "in", chunk)
      .where("roles.name", "=", "AGENT")
      .execute();
    for (const row of rows) found.set(row.username.toLowerCase(), row);
  }
  return found;
}

/** Slots by lower-cased name (slot names are unique whatever their case). */
export async function slotsByName(db: Kysely<DB>, names: readonly string[]): Promise<Map<string, { id: number; slot_name: string }>> {
  const found = new Map<string, { id: number; slot_name: string }>();
  for (const chunk of chunks([...new Set(names.map((n) => n.toLowerCase()))])) {
    const rows = await db.selectFrom("slots").select(["id", "slot_name"]).where(sql<string>`lower(slot_name)`, "in", chunk).execute();
    for (const row of rows) found.set(row.slot_name.toLowerCase(), row);
  }
  return found;
}

/** Of these passport numbers (upper-cased), those a passport that is not REJECTED holds. */
export async function storedPassportNumbers(db: Kysely<DB>, numbers: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks([...new Set(numbers)])) {
    const rows = await db
      .selectFrom("passports")
      .select(sql<string>`upper(passport_no)`.as("number"))
      // Written as the partial index passports_passport_no_active_key is, so both databases answer from it.
      .where(sql<string>`upper(passport_no)`, "in", chunk)
      .where("status", "<>", "REJECTED")
      .execute();
    for (const row of rows) found.add(row.number);
  }
  return found;
}

/**
 * A whole list, in its order (newest first), a batch at a time: what a list's file is written from
 * (issue 27). Each batch starts below the last id of the one before (a keyset walk in the status-led
 * and primary-key indexes), so the thousandth batch comes as fast as the first and the list is never
 * held whole. Its conditions are the reference scan's, which the engine's pages are tested against:
 * the file holds exactly the rows the list's pages hold.
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Passport, PassportListQuery } from "../../../src/contract";
import type { DB } from "../../db/schema";
import { fromDbCount } from "../../db/values";
import { toPassport } from "../mapper";
import type { ListScope } from "./plan";
import { scanConditions } from "./query";
import { and } from "./sql";

/** Passports read per statement. */
const BATCH = 500;

export type ListFilters = Partial<Omit<PassportListQuery, "page" | "size">>;

export async function* passportBatches(db: Kysely<DB>, scope: ListScope, q: ListFilters, batch = BATCH): AsyncGenerator<Passport[]> {
  const where = scanConditions(scope, q as PassportListQuery);
  let below: number | undefined;
  for (;;) {
    const bounded = below === undefined ? where : [...where, sql<SqlBool>`passports.id < ${below}`];
    // passports alone, newest first in an index: joined with slots, SQLite may read the slots first
    // and sort every passport for each batch. The slots' names are looked up apart.
    const rows = await db.selectFrom("passports").selectAll("passports").where(and(bounded)).orderBy("passports.id", "desc").limit(batch).execute();
    const full = rows.length === batch;
    const last = rows.at(-1)?.id;
    if (rows.length > 0) {
      const slotIds = [...new Set(rows.map((r) => r.slot_id))];
      const slots = await db.selectFrom("slots").select(["id", "slot_name"]).where("id", "in", slotIds).execute();
      const names = new Map(slots.map((slot) => [slot.id, slot.slot_name]));
      const passports = rows.map((row) => toPassport(Object.assign(row, { slot_name: names.get(row.slot_id) ?? "" })));
      // The database's rows are not needed while the batch is written: let them go now.
      rows.length = 0;
      yield passports;
    }
    if (!full) return;
    below = last;
  }
}

/** How many passports the list holds, counted up to `cap` (a spreadsheet's limit): exact below it. */
export async function countListUpTo(db: Kysely<DB>, scope: ListScope, q: ListFilters, cap: number): Promise<number> {
  const matching = db.selectFrom("passports").select(sql`1`.as("one")).where(and(scanConditions(scope, q as PassportListQuery))).limit(cap);
  const row = await db.selectFrom(matching.as("m")).select(sql<string | number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return fromDbCount(row.n);
}

/**
 * A passport number belongs to one passport at a time among those that are not REJECTED, whatever its
 * case (docs/access.md "Workflow rules"). Checked before writing, for the message under the field; the
 * unique index passports_passport_no_active_key (migration 0006) settles two writes at the same time.
 */
import { type Kysely, sql } from "kysely";
import { MSG } from "../../src/contract";
import type { DB } from "../db/schema";
import { conflict } from "../http/errors";

const INDEX = "passports_passport_no_active_key";

export const passportNoTaken = () => conflict(MSG.passportNoTaken, { passportNo: MSG.passportNoTaken });

/** Throws 409 when another passport that is not REJECTED has this number. */
export async function assertPassportNoFree(db: Kysely<DB>, passportNo: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom("passports")
    .select("id")
    // Written as the partial index is, so both databases answer from it.
    .where(sql<boolean>`upper(passport_no) = upper(${passportNo}) and status <> 'REJECTED'`);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.limit(1).executeTakeFirst()) throw passportNoTaken();
}

/** Whether a database error is that index refusing a second passport with the number. */
export function isPassportNoConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (e.code === "23505" && e.constraint === INDEX) || (e.code === "SQLITE_CONSTRAINT_UNIQUE" && String(e.message).includes(INDEX));
}

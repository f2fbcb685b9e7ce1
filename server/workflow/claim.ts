/**
 * Claims a passport row for a change, inside the change's transaction: checks its status against a
 * workflow rule (transitions.ts) and locks it with an update conditional on that status, so two
 * concurrent requests cannot both act on the status they read; the loser sees the new status.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, PassportsTable } from "../db/schema";
import { nowIso } from "../db/values";
import { conflict, notFound } from "../http/errors";
import type { TransitionCheck } from "./transitions";

export type PassportRecord = Selectable<PassportsTable>;

const ATTEMPTS = 3;

/**
 * Answers the row as it is now (the "old" values of the change), with updated_at set; throws 404 for
 * an unknown id and 409 with the rule's reason when the status does not allow the change.
 */
export async function claimPassport(trx: Kysely<DB>, id: number, check: (status: string) => TransitionCheck): Promise<PassportRecord> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await trx.selectFrom("passports").select("status").where("id", "=", id).executeTakeFirst();
    if (!current) throw notFound("Passport");
    const verdict = check(current.status);
    if (!verdict.ok) throw conflict(verdict.reason);
    // The update takes the row's write lock; PostgreSQL re-evaluates the status condition once a
    // concurrent writer commits, so no row comes back if that writer moved the passport meanwhile.
    const row = await trx
      .updateTable("passports")
      .set({ updated_at: nowIso() })
      .where("id", "=", id)
      .where("status", "=", current.status)
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
  }
  throw conflict("The passport was changed by someone else at the same time; please try again");
}

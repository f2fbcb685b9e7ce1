/**
 * Writes an import's new rows in batches of BATCH_ROWS, each batch in one transaction: its passports
 * (PENDING, created by the importing user) and an IMPORT event on each naming the file. Each batch
 * first asks again which of its numbers are stored (another write may have taken one since the plan),
 * and leaves those out as duplicates. A batch the database refuses is rolled back whole and the import
 * stops there: the batches before it stay written (re-importing the file adds the rest, the written
 * rows counting as duplicates), and the error says which rows were and were not written. Each written
 * batch is published as one live event per agent (docs/live.md).
 */
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { nowIso } from "../../db/values";
import { ApiError } from "../../http/errors";
import { changeOf } from "../../live/change";
import type { LivePublisher } from "../../live/live";
import { newPassportRow, passportColumns } from "../input";
import { isPassportNoConflict } from "../unique-number";
import { storedPassportNumbers } from "./lookups";
import { type PlannedPassport, numberKey } from "./plan";

export const BATCH_ROWS = 500;

export interface CommitResult {
  created: number;
  /** Rows left out because their number was stored between the plan and their batch. */
  takenMeanwhile: number;
}

async function writeBatch(trx: Kysely<DB>, batch: readonly PlannedPassport[], userId: number, fileName: string): Promise<{ id: number; agent_id: number }[]> {
  const stored = await storedPassportNumbers(trx, batch.map((p) => numberKey(p.input.passportNo)));
  const rows = batch.filter((p) => !stored.has(numberKey(p.input.passportNo)));
  if (rows.length === 0) return [];
  const now = nowIso();
  const inserted = await trx
    .insertInto("passports")
    .values(rows.map(({ input, agent, slot }) => newPassportRow(passportColumns(input, agent, slot), userId, now)))
    .returning(["id", "agent_id"])
    .execute();
  await trx
    .insertInto("passport_events")
    .values(inserted.map(({ id }) => ({ passport_id: id, user_id: userId, at: now, kind: "IMPORT", field: null, old_value: null, new_value: fileName })))
    .execute();
  return inserted;
}

export async function commitImport(
  db: Kysely<DB>,
  live: LivePublisher,
  fresh: readonly PlannedPassport[],
  userId: number,
  fileName: string,
): Promise<CommitResult> {
  let created = 0;
  let takenMeanwhile = 0;
  for (let start = 0; start < fresh.length; start += BATCH_ROWS) {
    const batch = fresh.slice(start, start + BATCH_ROWS);
    try {
      const written = await db.transaction().execute((trx) => writeBatch(trx, batch, userId, fileName));
      live.publish(changeOf("passports", "created", written.map((row) => ({ id: row.id, owner: row.agent_id }))));
      created += written.length;
      takenMeanwhile += batch.length - written.length;
    } catch (error) {
      throw stoppedAt(batch, created, error);
    }
  }
  return { created, takenMeanwhile };
}

/** The reply of a refused batch; the database's own error goes with it as its cause, for the log. */
function stoppedAt(batch: readonly PlannedPassport[], created: number, error: unknown): ApiError {
  return Object.assign(stopMessage(batch, created, error), { cause: error });
}

function stopMessage(batch: readonly PlannedPassport[], created: number, error: unknown): ApiError {
  const rows = `rows ${batch[0].row} to ${batch[batch.length - 1].row}`;
  const before = `${created} passport${created === 1 ? " was" : "s were"} written before them`;
  const again = "Upload the same file again to add the rest: the rows already written count as duplicates";
  if (isPassportNoConflict(error)) {
    return new ApiError(409, `The import stopped: another passport took a number of ${rows} while they were written, so none of them was; ${before}. ${again}.`);
  }
  return new ApiError(500, `The import stopped: the database refused ${rows}, so none of them was written; ${before}. ${again}.`);
}

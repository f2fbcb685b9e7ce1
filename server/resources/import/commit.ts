/**
 * Writes a declared import's new records in batches of IMPORT_BATCH_ROWS, each batch in one
 * transaction: its rows (created by the importing user) and a "created" history entry for each naming
 * the file. Each batch first asks again which of its unique values are stored (another write may have
 * taken one since the plan) and leaves those rows out as duplicates. A batch the database refuses is
 * rolled back whole and the import stops there: the batches before it stay written (importing the file
 * again adds the rest, the written rows counting as duplicates), and the error says which rows. Each
 * written batch is published as one live event per owner (docs/live.md).
 */
import { englishText } from "../../../src/i18n/local-text";
import type { Kysely } from "kysely";
import { type AnyDataResource, hasSystemColumns, tableOf } from "../../../src/resources/model";
import type { SessionUser } from "../../auth/tokens";
import { isoAt } from "../../clock";
import type { DB } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { type Row, storedFields, toColumns, toWire } from "../columns";
import { type NewHistoryEntry, changesBetween, recordHistories } from "../history";
import { changeOf } from "../../live/change";
import { type ResourceStore, ownerOf } from "../store";
import { isUniqueViolation } from "../unique-values";
import { storedValues, valueKey } from "./lookups";
import { type PlannedRecord, uniqueFieldNames } from "./plan";

export const IMPORT_BATCH_ROWS = 500;
/** Parameters one statement may bind, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 20_000;

export interface CommitResult {
  created: number;
  /** Rows left out because their unique value was stored between the plan and their batch. */
  takenMeanwhile: number;
}

/** The batch's rows whose unique values no stored record holds. */
async function stillNew(trx: Kysely<any>, resource: AnyDataResource, batch: readonly PlannedRecord[]): Promise<PlannedRecord[]> {
  let rows = [...batch];
  for (const name of uniqueFieldNames(resource)) {
    const stored = await storedValues(trx, resource, name, rows.map((r) => r.values[name]));
    if (stored.size > 0) rows = rows.filter((r) => r.values[name] === null || r.values[name] === undefined || !stored.has(valueKey(resource.fields[name], r.values[name])));
  }
  return rows;
}

async function writeBatch(trx: Kysely<DB>, resource: AnyDataResource, batch: readonly PlannedRecord[], user: SessionUser, at: string, fileName: string): Promise<Row[]> {
  const rows = await stillNew(trx as unknown as Kysely<any>, resource, batch);
  const system = hasSystemColumns(resource) ? { created_at: at, updated_at: at, created_by: user.id } : {};
  const perStatement = Math.max(1, Math.min(IMPORT_BATCH_ROWS, Math.floor(MAX_PARAMETERS / (storedFields(resource).length + 3))));
  const entries: NewHistoryEntry[] = [];
  const written: Row[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows.slice(start, start + perStatement).map((r) => ({ ...toColumns(resource, r.values), ...system }));
    const inserted = (await (trx as unknown as Kysely<any>).insertInto(tableOf(resource)).values(values).returningAll().execute()) as Row[];
    written.push(...inserted);
    for (const row of inserted) {
      const record = toWire(resource, row, new Map());
      entries.push({ resource, recordId: record.id, user, at, action: "created", changes: changesBetween(resource, undefined, record), importedFrom: fileName });
    }
  }
  await recordHistories(trx, entries, IMPORT_BATCH_ROWS);
  return written;
}

export async function commitDeclaredImport(
  store: ResourceStore,
  resource: AnyDataResource,
  fresh: readonly PlannedRecord[],
  user: SessionUser,
  fileName: string,
): Promise<CommitResult> {
  let created = 0;
  let takenMeanwhile = 0;
  const at = isoAt(store.clock());
  for (let start = 0; start < fresh.length; start += IMPORT_BATCH_ROWS) {
    const batch = fresh.slice(start, start + IMPORT_BATCH_ROWS);
    try {
      const written = await store.db.transaction().execute((trx) => writeBatch(trx, resource, batch, user, at, fileName));
      store.live.publish(changeOf(resource.name, "created", written.map((row) => ({ id: Number(row.id), owner: ownerOf(resource, row) }))));
      created += written.length;
      takenMeanwhile += batch.length - written.length;
    } catch (error) {
      throw stoppedAt(resource, batch, created, error);
    }
  }
  return { created, takenMeanwhile };
}

function stoppedAt(resource: AnyDataResource, batch: readonly PlannedRecord[], created: number, error: unknown): ApiError {
  const rows = `rows ${batch[0].row} to ${batch[batch.length - 1].row}`;
  const many = englishText(resource.label.many).toLowerCase();
  const before = `${created} ${created === 1 ? englishText(resource.label.one).toLowerCase() : many} ${created === 1 ? "was" : "were"} written before them`;
  const again = "Upload the same file again to add the rest: the rows already written count as duplicates";
  if (isUniqueViolation(error)) {
    return new ApiError(409, `The import stopped: another write took a unique value of ${rows} while they were written, so none of them was; ${before}. ${again}.`);
  }
  return new ApiError(500, `The import stopped: the database refused ${rows}, so none of them was written; ${before}. ${again}.`);
}

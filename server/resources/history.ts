/**
 * The history of a declared resource's records (record_history, migration 0015): each create, update
 * and delete with who made it, when, and the fields it changed, old value to new (values as the wire
 * has them, a file by its name); a record an import created names the file. Written in the transaction
 * of the write it records; read newest first.
 */
import type { Kysely } from "kysely";
import { englishText } from "../../src/i18n/local-text";
import type { AnyDataResource } from "../../src/resources/model";
import type { SessionUser } from "../auth/tokens";
import type { DB } from "../db/schema";
import { fromDbTimestamp } from "../db/values";
import type { FileInfo, WireRecord } from "./columns";

export type HistoryAction = "created" | "updated" | "deleted";

export interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEntry {
  id: number;
  at: string;
  user: { id: number; username: string } | null;
  action: HistoryAction;
  changes: (Change & { label: string })[];
  /** The spreadsheet a "created" entry's record was imported from; null otherwise. */
  importedFrom: string | null;
}

/** A value as the history keeps it: a file by its name. */
const historyValue = (value: unknown) => (value !== null && typeof value === "object" && "fileName" in value ? (value as FileInfo).fileName : (value ?? null));

/** The fields whose value differs between two states of a record (either may be empty: a create or delete). */
export function changesBetween(resource: AnyDataResource, before: WireRecord | undefined, after: WireRecord | undefined): Change[] {
  const changes: Change[] = [];
  for (const name of Object.keys(resource.fields)) {
    const from = historyValue(before?.[name]);
    const to = historyValue(after?.[name]);
    if (from !== to) changes.push({ field: name, from, to });
  }
  return changes;
}

export interface NewHistoryEntry {
  resource: AnyDataResource;
  recordId: number;
  user: SessionUser;
  at: string;
  action: HistoryAction;
  changes: Change[];
  importedFrom?: string;
}

const historyRow = (entry: NewHistoryEntry) => ({
  resource: entry.resource.name,
  record_id: entry.recordId,
  at: entry.at,
  user_id: entry.user.id,
  username: entry.user.username,
  action: entry.action,
  changes: JSON.stringify(entry.changes),
  imported_from: entry.importedFrom ?? null,
});

export async function recordHistory(trx: Kysely<DB>, entry: NewHistoryEntry): Promise<void> {
  await trx.insertInto("record_history").values(historyRow(entry)).execute();
}

/** Many entries in one statement (an import's batch), in at most `perStatement` rows each. */
export async function recordHistories(trx: Kysely<DB>, entries: readonly NewHistoryEntry[], perStatement: number): Promise<void> {
  for (let start = 0; start < entries.length; start += perStatement) {
    await trx.insertInto("record_history").values(entries.slice(start, start + perStatement).map(historyRow)).execute();
  }
}

/** A record's timeline, newest first; each change labelled as its field is (a field since removed by its name). */
export async function readHistory(db: Kysely<DB>, resource: AnyDataResource, recordId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom("record_history")
    .select(["id", "at", "user_id", "username", "action", "changes", "imported_from"])
    .where("resource", "=", resource.name)
    .where("record_id", "=", recordId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: fromDbTimestamp(row.at),
    user: row.user_id === null ? null : { id: row.user_id, username: row.username ?? "" },
    action: row.action,
    changes: (JSON.parse(row.changes) as Change[]).map((c) => ({ field: c.field, label: englishText(resource.fields[c.field]?.label ?? c.field), from: c.from, to: c.to })),
    importedFrom: row.imported_from,
  }));
}

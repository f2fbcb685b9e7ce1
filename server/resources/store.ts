/**
 * Reads and writes of a declared resource's records. Each write is one transaction: the row, its files,
 * the unique and in-use checks and the history entry (history.ts) together. Callers have checked the
 * route's roles; the caller's scope (own records or all) is checked here on the record read. After its
 * commit, each write is published as a live event with the record's owner (docs/live.md).
 */
import { englishText } from "../../src/i18n/local-text";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { type AnyDataResource, hasSystemColumns, recordSchema, tableOf } from "../../src/resources/model";
import type { SessionUser } from "../auth/tokens";
import { type Clock, isoAt } from "../clock";
import type { Dialect } from "../db/database";
import type { DB } from "../db/schema";
import { badRequest, forbidden, notFound } from "../http/errors";
import { fieldErrors } from "../http/validate";
import { type Scope, assertInScope } from "./access";
import type { LiveEventKind } from "../../src/contract";
import type { LivePublisher } from "../live/live";
import type { DocumentStorage } from "../storage";
import { type FileInfo, type Row, type WireRecord, ownerColumn, toColumns, toWire } from "./columns";
import { applyFileChanges, fileInfos, filesToStore, removeAllFiles } from "./files";
import { changesBetween, recordHistory } from "./history";
import { assertNotInUse } from "./in-use";
import type { FileChanges } from "./submission";
import { assertUniqueFree, uniqueViolation } from "./unique-values";

/** What the declared resources' routes share. */
export interface ResourceStore {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  /** Every declaration: references between them are checked on delete. */
  resources: readonly AnyDataResource[];
  /** Where the files' bytes go (docs/storage.md). */
  storage: DocumentStorage;
  live: LivePublisher;
}

/** The owner of a record for `:own` grants, or null when the resource has none. */
export function ownerOf(resource: AnyDataResource, row: Row): number | null {
  const column = ownerColumn(resource);
  const owner = column ? row[column] : null;
  return owner === null || owner === undefined ? null : Number(owner);
}

/** Publishes a committed write of one record: its owners before and after (a change of owner tells both). */
function published(store: ResourceStore, resource: AnyDataResource, kind: LiveEventKind, id: number, rows: readonly Row[]): void {
  const owners = [...new Set(rows.map((row) => ownerOf(resource, row)).filter((owner) => owner !== null))];
  store.live.publish({ resource: resource.name, kind, ids: [id], owners });
}

const any = (db: Kysely<DB>) => db as unknown as Kysely<any>;

/** Rows as wire records, with their files. */
export async function toRecords(db: Kysely<DB>, resource: AnyDataResource, rows: Row[]): Promise<WireRecord[]> {
  const files = await fileInfos(
    db,
    resource,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toWire(resource, row, files.get(Number(row.id)) ?? new Map()));
}

/** The record's row, locked for the write on PostgreSQL (SQLite runs one write transaction at a time). */
async function findRow(db: Kysely<DB>, dialect: Dialect, resource: AnyDataResource, id: number, lock: boolean): Promise<Row | undefined> {
  const query = any(db).selectFrom(tableOf(resource)).selectAll().where("id", "=", id);
  return (await (lock && dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst()) as Row | undefined;
}

/** A record the caller may reach: 404 when there is none, 403 when it is another's and the scope is their own. */
async function reachable(db: Kysely<DB>, dialect: Dialect, resource: AnyDataResource, id: number, scope: Scope, lock = false): Promise<Row> {
  const row = await findRow(db, dialect, resource, id, lock);
  if (!row) throw notFound(englishText(resource.label.one));
  assertInScope(scope, row, englishText(resource.label.many).toLowerCase());
  return row;
}

export async function readRecord(store: ResourceStore, resource: AnyDataResource, id: number, scope: Scope): Promise<WireRecord> {
  const row = await reachable(store.db, store.dialect, resource, id, scope);
  return (await toRecords(store.db, resource, [row]))[0];
}

/** Whether a record exists, whoever owns it (the history of a deleted record). */
export async function recordExists(store: ResourceStore, resource: AnyDataResource, id: number, scope: Scope): Promise<boolean> {
  const row = await findRow(store.db, store.dialect, resource, id, false);
  if (row) assertInScope(scope, row, englishText(resource.label.many).toLowerCase());
  return row !== undefined;
}

/** Runs a write; a unique value taken by a write at the same time answers as one taken before. */
async function writing<T>(store: ResourceStore, resource: AnyDataResource, values: Record<string, unknown>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await store.db.transaction().execute(work);
  } catch (error) {
    throw uniqueViolation(resource, error, values) ?? error;
  }
}

/** Own-record callers write records they own: an owner field sent for someone else is refused, and filled in when missing. */
function ownedBy(resource: AnyDataResource, values: Record<string, unknown>, scope: Scope, creating: boolean): Record<string, unknown> {
  if (scope.all || !resource.ownerField) return values;
  const owner = values[resource.ownerField];
  if (owner !== undefined && owner !== null && owner !== scope.userId) throw forbidden(`You may only give ${englishText(resource.label.many).toLowerCase()} to yourself`);
  return creating || owner !== undefined ? { ...values, [resource.ownerField]: scope.userId } : values;
}

const fileInfoOf = (changes: FileChanges, current: ReadonlyMap<string, FileInfo> = new Map()) => {
  const files = new Map(current);
  for (const field of changes.cleared) files.delete(field);
  for (const [field, file] of changes.sent) files.set(field, { fileName: file.fileName, contentType: file.contentType, size: file.size });
  return files;
};

export async function createRecord(
  store: ResourceStore,
  resource: AnyDataResource,
  input: { values: Record<string, unknown>; files: FileChanges; user: SessionUser; scope: Scope },
): Promise<WireRecord> {
  const values = ownedBy(resource, input.values, input.scope, true);
  let written: Row | undefined;
  const created = await store.storage.write(filesToStore(resource, input.files), (stored) => writing(store, resource, values, async (trx) => {
    await assertUniqueFree(any(trx), resource, values);
    const at = isoAt(store.clock());
    const system = hasSystemColumns(resource) ? { created_at: at, updated_at: at, created_by: input.user.id } : {};
    const row = (await any(trx)
      .insertInto(tableOf(resource))
      .values({ ...toColumns(resource, values), ...system })
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    written = row;
    await applyFileChanges(trx, resource, Number(row.id), input.files, at, stored);
    const record = toWire(resource, row, fileInfoOf(input.files));
    await recordHistory(trx, { resource, recordId: record.id, user: input.user, at, action: "created", changes: changesBetween(resource, undefined, record) });
    return record;
  }));
  published(store, resource, "created", created.id, [written!]);
  return created;
}

/**
 * The declaration's rules across fields (`refine`) hold for the record as it will be, not only for the
 * fields sent: the stored values are checked with the sent ones. A rule the stored record broke already
 * (a rule made stricter since) does not stop a change to other fields.
 */
function checkWhole(resource: AnyDataResource, current: WireRecord, values: Record<string, unknown>): void {
  if (!resource.refine) return;
  const schema = recordSchema(resource, "create");
  const issues = (record: Record<string, unknown>) => {
    const result = schema.safeParse(record);
    return result.success ? {} : fieldErrors(result.error as z.ZodError);
  };
  const before = issues(current);
  const after = Object.entries(issues({ ...current, ...values })).filter(([key, message]) => before[key] !== message);
  if (after.length > 0) throw badRequest(after.length === 1 ? after[0][1] : "Invalid request", Object.fromEntries(after));
}

export async function updateRecord(
  store: ResourceStore,
  resource: AnyDataResource,
  id: number,
  input: { values: Record<string, unknown>; files: FileChanges; user: SessionUser; scope: Scope },
): Promise<WireRecord> {
  const values = ownedBy(resource, input.values, input.scope, false);
  let rows: Row[] = [];
  const record = await store.storage.write(filesToStore(resource, input.files), (stored) => writing(store, resource, values, async (trx) => {
    const row = await reachable(trx, store.dialect, resource, id, input.scope, true);
    const currentFiles = (await fileInfos(trx, resource, [id])).get(id) ?? new Map();
    const current = toWire(resource, row, currentFiles);
    checkWhole(resource, current, values);
    const next = toWire(resource, { ...row, ...toColumns(resource, values) }, fileInfoOf(input.files, currentFiles));
    const changes = changesBetween(resource, current, next);
    if (changes.length === 0) return current;
    const changed = Object.fromEntries(changes.filter((c) => c.field in values).map((c) => [c.field, values[c.field]]));
    await assertUniqueFree(any(trx), resource, changed, id);
    const at = isoAt(store.clock());
    const system = hasSystemColumns(resource) ? { updated_at: at } : {};
    const columns = { ...toColumns(resource, changed), ...system };
    const updated = Object.keys(columns).length > 0 ? ((await any(trx).updateTable(tableOf(resource)).set(columns).where("id", "=", id).returningAll().executeTakeFirstOrThrow()) as Row) : row;
    await applyFileChanges(trx, resource, id, input.files, at, stored);
    await recordHistory(trx, { resource, recordId: id, user: input.user, at, action: "updated", changes });
    rows = [row, updated];
    return toWire(resource, updated, fileInfoOf(input.files, currentFiles));
  }));
  // A change that changed nothing is not news.
  if (rows.length > 0) published(store, resource, "updated", id, rows);
  return record;
}

/** Deletes a record nothing uses, with its files; its history stays (ending with the deletion). Answers it as it was. */
export async function deleteRecord(store: ResourceStore, resource: AnyDataResource, id: number, input: { user: SessionUser; scope: Scope }): Promise<WireRecord> {
  let deleted: Row | undefined;
  const record = await store.storage.write(new Map(), (stored) => store.db.transaction().execute(async (trx) => {
    const row = await reachable(trx, store.dialect, resource, id, input.scope, true);
    deleted = row;
    await assertNotInUse(any(trx), resource, store.resources, row);
    const [record] = await toRecords(trx, resource, [row]);
    await removeAllFiles(trx, resource, id, stored);
    await any(trx).deleteFrom(tableOf(resource)).where("id", "=", id).execute();
    const at = isoAt(store.clock());
    await recordHistory(trx, { resource, recordId: id, user: input.user, at, action: "deleted", changes: changesBetween(resource, record, undefined) });
    return record;
  }));
  published(store, resource, "deleted", id, [deleted!]);
  return record;
}

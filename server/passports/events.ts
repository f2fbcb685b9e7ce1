/**
 * The passport's audit trail: every status change, milestone toggle, date change, comment and edit,
 * written with who, when, what and the old and new value, inside the transaction of the change.
 */
import type { Kysely } from "kysely";
import type { PassportEventRecord } from "../../src/contract";
import type { DB } from "../db/schema";
import { fromDbTimestamp, nowIso } from "../db/values";

export type PassportEventKind = PassportEventRecord["kind"];

export interface PassportEvent {
  kind: PassportEventKind;
  field?: string;
  oldValue?: unknown;
  newValue?: unknown;
}

const asText = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === "string" ? v : JSON.stringify(v));

export async function recordEvents(trx: Kysely<DB>, passportId: number, userId: number, events: PassportEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = nowIso();
  await trx
    .insertInto("passport_events")
    .values(
      events.map((e) => ({
        passport_id: passportId,
        user_id: userId,
        at,
        kind: e.kind,
        field: e.field ?? null,
        old_value: asText(e.oldValue),
        new_value: asText(e.newValue),
      })),
    )
    .execute();
}

/** A document event's value is its file as JSON ({fileName, sha256}); the history shows the file name. */
function fileNameOf(value: string | null): string | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as { fileName?: unknown };
    return typeof parsed.fileName === "string" ? parsed.fileName : value;
  } catch {
    return value;
  }
}

/**
 * The passport's history, oldest first, with who did each step (their current username; null once the
 * account is deleted). The creation's values are the passport itself, so they are left out.
 */
export async function listEvents(db: Kysely<DB>, passportId: number): Promise<PassportEventRecord[]> {
  const rows = await db
    .selectFrom("passport_events")
    .leftJoin("users", "users.id", "passport_events.user_id")
    .select([
      "passport_events.id",
      "passport_events.at",
      "passport_events.kind",
      "passport_events.field",
      "passport_events.old_value",
      "passport_events.new_value",
      "passport_events.user_id",
      "users.username",
    ])
    .where("passport_events.passport_id", "=", passportId)
    // By time: steps recorded afterwards (the demo data's) still read in the order they happened.
    .orderBy("passport_events.at")
    .orderBy("passport_events.id")
    .execute();
  return rows.map((r) => {
    const kind = r.kind as PassportEventKind;
    const value = (v: string | null) => (kind === "CREATE" ? null : kind === "DOCUMENT" ? fileNameOf(v) : v);
    return {
      id: r.id,
      at: fromDbTimestamp(r.at),
      kind,
      field: r.field,
      oldValue: value(r.old_value),
      newValue: value(r.new_value),
      userId: r.user_id,
      username: r.username ?? null,
    };
  });
}

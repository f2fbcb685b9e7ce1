/**
 * The passport's audit trail: every status change, milestone toggle, date change, comment and edit,
 * written with who, when, what and the old and new value, inside the transaction of the change.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { nowIso } from "../db/values";

export type PassportEventKind = "CREATE" | "EDIT" | "DOCUMENT" | "STATUS" | "MILESTONE" | "DATE" | "COMMENT";

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

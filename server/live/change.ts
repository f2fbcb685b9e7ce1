/**
 * A change as the server passes it between writes, nodes and streams: the wire's `LiveEvent` and the
 * owners of its records, which decide who may see it (audience.ts) and are never sent to clients.
 */
import type { LiveEvent, LiveEventKind } from "../../src/contract";

export interface LiveChange {
  resource: string;
  kind: LiveEventKind;
  ids: number[];
  /**
   * The user ids owning the records (a passport's agent, a declared record's owner column), for those
   * who may see only their own. Several when a write moved records from one owner to another (each
   * hears of it); empty when the resource has no owner.
   */
  owners: number[];
}

/** What a write publishes: one change, or the records it touched with their owners (split per owner). */
export function changeOf(resource: string, kind: LiveEventKind, records: readonly { id: number; owner?: number | null }[]): LiveChange[] {
  const byOwner = new Map<number | null, number[]>();
  for (const { id, owner } of records) {
    const key = owner ?? null;
    byOwner.set(key, [...(byOwner.get(key) ?? []), id]);
  }
  return [...byOwner].map(([owner, ids]) => ({ resource, kind, ids, owners: owner === null ? [] : [owner] }));
}

export const toLiveEvent = (change: LiveChange): LiveEvent => ({ resource: change.resource, ids: change.ids, kind: change.kind });

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; ours stay well under. */
export const MAX_PAYLOAD_BYTES = 7_500;

/** The change as NOTIFY payloads under MAX_PAYLOAD_BYTES each: a long id list goes in several. */
export function toPayloads(change: LiveChange): string[] {
  const payload = JSON.stringify({ r: change.resource, k: change.kind, i: change.ids, o: change.owners });
  if (Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES) return [payload];
  if (change.ids.length <= 1) throw new Error(`A live event of ${change.resource} does not fit a notification`);
  const half = Math.ceil(change.ids.length / 2);
  return [...toPayloads({ ...change, ids: change.ids.slice(0, half) }), ...toPayloads({ ...change, ids: change.ids.slice(half) })];
}

const KINDS: readonly string[] = ["created", "updated", "deleted"];
const isIntArray = (value: unknown): value is number[] => Array.isArray(value) && value.every((n) => Number.isInteger(n));

/** A payload read back; undefined when it is not one of ours. */
export function fromPayload(payload: string): LiveChange | undefined {
  try {
    const { r, k, i, o } = JSON.parse(payload) as Record<string, unknown>;
    if (typeof r !== "string" || r === "" || typeof k !== "string" || !KINDS.includes(k) || !isIntArray(i) || !isIntArray(o)) return undefined;
    return { resource: r, kind: k as LiveEventKind, ids: i, owners: o };
  } catch {
    return undefined;
  }
}

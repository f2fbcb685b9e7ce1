/**
 * The events this node delivered lately, numbered in the order it delivered them, for `Last-Event-ID`
 * resume (docs/live.md "Ids and resume"). An event's id is `<node>-<seq>`: the node is a random name
 * given at start, so an id of another node, or of this node before a restart, cannot resume.
 */
import { randomBytes } from "node:crypto";
import type { LiveChange } from "./change";

export interface NumberedChange {
  seq: number;
  change: LiveChange;
}

/** Events kept for resume, and the ids they may hold in all (a big import's batches count by their ids). */
export const REPLAY_EVENTS = 1_000;
export const REPLAY_IDS = 50_000;

export class ReplayBuffer {
  readonly node = randomBytes(4).toString("hex");
  private seq = 0;
  /** Resume from an id below this would skip events the node missed (its listener reconnected). */
  private floor = 0;
  private held: NumberedChange[] = [];
  private heldIds = 0;

  constructor(private readonly limits = { events: REPLAY_EVENTS, ids: REPLAY_IDS }) {}

  /** The id of the last event delivered: where a stream opened now starts. */
  get lastId(): string {
    return this.idOf(this.seq);
  }

  idOf(seq: number): string {
    return `${this.node}-${seq}`;
  }

  /** Numbers and keeps a delivered change, forgetting the oldest past the limits. */
  add(change: LiveChange): NumberedChange {
    const numbered = { seq: ++this.seq, change };
    this.held.push(numbered);
    this.heldIds += change.ids.length;
    while (this.held.length > this.limits.events || (this.heldIds > this.limits.ids && this.held.length > 1)) {
      this.heldIds -= this.held.shift()!.change.ids.length;
    }
    return numbered;
  }

  /** The node may have missed events: no id before now resumes. Answers the id to restart from. */
  gap(): string {
    this.floor = ++this.seq;
    this.held = [];
    this.heldIds = 0;
    return this.lastId;
  }

  /** The events after `lastEventId`, or undefined when this node cannot tell them all. */
  after(lastEventId: string): NumberedChange[] | undefined {
    const match = /^([0-9a-f]+)-(\d+)$/.exec(lastEventId);
    if (!match || match[1] !== this.node) return undefined;
    const last = Number(match[2]);
    const oldestHeld = this.held[0]?.seq ?? this.seq + 1;
    if (last > this.seq || last < this.floor || last + 1 < oldestHeld) return undefined;
    return this.held.filter((e) => e.seq > last);
  }
}

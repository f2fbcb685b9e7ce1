/**
 * The events a node keeps for `Last-Event-ID` resume (server/live/replay.ts, docs/live.md "Ids and
 * resume"): which ids it can resume from, and which it must answer with a reset.
 */
import { describe, expect, it } from "vitest";
import type { LiveChange } from "../../server/live/change";
import { ReplayBuffer } from "../../server/live/replay";

const change = (id: number, ids = [id]): LiveChange => ({ resource: "passports", kind: "updated", ids, owners: [] });
const seqs = (events: { seq: number }[] | undefined) => events?.map((e) => e.seq);

describe("the replay buffer", () => {
  it("resumes after any id it still holds the events after, and from its latest id with nothing", () => {
    const buffer = new ReplayBuffer({ events: 3, ids: 100 });
    const start = buffer.lastId;
    [1, 2].forEach((n) => buffer.add(change(n)));
    expect(seqs(buffer.after(start))).toEqual([1, 2]);
    expect(seqs(buffer.after(buffer.idOf(1)))).toEqual([2]);
    expect(seqs(buffer.after(buffer.lastId))).toEqual([]);
  });

  it("cannot resume from an id older than what it holds, past its count of events or of ids", () => {
    const byEvents = new ReplayBuffer({ events: 3, ids: 100 });
    [1, 2, 3, 4, 5].forEach((n) => byEvents.add(change(n)));
    expect(seqs(byEvents.after(byEvents.idOf(2)))).toEqual([3, 4, 5]);
    expect(byEvents.after(byEvents.idOf(1))).toBeUndefined();
    const byIds = new ReplayBuffer({ events: 100, ids: 10 });
    byIds.add(change(1, [1, 2, 3, 4, 5, 6]));
    byIds.add(change(2, [7, 8, 9, 10, 11, 12]));
    expect(byIds.after(byIds.idOf(0))).toBeUndefined();
    expect(seqs(byIds.after(byIds.idOf(1)))).toEqual([2]);
  });

  it("cannot resume another node's id, a malformed one, one it never gave, nor one from before a gap", () => {
    const buffer = new ReplayBuffer();
    const other = new ReplayBuffer();
    buffer.add(change(1));
    expect(buffer.node).not.toBe(other.node);
    expect(buffer.after(other.idOf(0))).toBeUndefined();
    expect(buffer.after("nonsense")).toBeUndefined();
    expect(buffer.after(buffer.idOf(7))).toBeUndefined();
    const before = buffer.lastId;
    const restart = buffer.gap();
    expect(buffer.after(before)).toBeUndefined();
    buffer.add(change(2));
    expect(seqs(buffer.after(restart))).toEqual([3]);
  });
});

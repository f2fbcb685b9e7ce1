// @vitest-environment node
/** Issue 29: what a live list draws after a quiet refetch (src/components/live/live-rows.ts). */
import { describe, expect, it } from "vitest";
import { acceptRows, dropLeaving, mergeLiveRows, rowsOf } from "../../src/components/live/live-rows";

const row = (id: number, name = `Worker ${id}`) => ({ id, name });
const names = (state: Parameters<typeof rowsOf>[0]) => rowsOf(state).map((r) => (r as { name: string }).name);

describe("a live list's rows (issue 29)", () => {
  const shown = acceptRows([row(1), row(2), row(3)], "page 1", 1);

  it("keeps changed rows where they were even when the server orders them otherwise", () => {
    const next = mergeLiveRows(shown, [row(3), row(2, "Renamed"), row(1)], 2, new Set([2]));
    expect(names(next)).toEqual(["Worker 1", "Renamed", "Worker 3"]);
    expect(next.held).toEqual([]);
  });

  it("keeps a row that left in its place, leaving, until it is dropped", () => {
    const next = mergeLiveRows(shown, [row(1), row(3)], 2, new Set([2]));
    expect(names(next)).toEqual(["Worker 1", "Worker 2", "Worker 3"]);
    expect([...next.leaving]).toEqual([2]);
    expect(names(dropLeaving(next))).toEqual(["Worker 1", "Worker 3"]);
  });

  it("holds back a row an event named; one that only moved up from the next page takes the foot", () => {
    const next = mergeLiveRows(shown, [row(9), row(1), row(3), row(4)], 2, new Set([2, 9]));
    expect(next.held).toEqual([9]);
    expect(names(dropLeaving(next))).toEqual(["Worker 1", "Worker 3", "Worker 4"]);
  });

  it("after a gap in the stream holds back every row it did not show", () => {
    const next = mergeLiveRows(shown, [row(8), row(1), row(2), row(3)], 2, "all");
    expect(next.held).toEqual([8]);
    expect(names(next)).toEqual(["Worker 1", "Worker 2", "Worker 3"]);
  });
});

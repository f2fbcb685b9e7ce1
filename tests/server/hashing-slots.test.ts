/** The password hashing slots (issue 11 point 1): N at once, fair between clients, 503 after the wait. */
import { describe, expect, it } from "vitest";
import { HashingSlots } from "../../server/auth/hashing-slots";
import { ApiError } from "../../server/http/errors";

/** Work that runs until `finish()` is called, recording that it started. */
function work(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => (log.push(name), done), finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("HashingSlots", () => {
  it("runs at most N at once; the rest wait and start as slots free", async () => {
    const slots = new HashingSlots(3, 10_000);
    const log: string[] = [];
    const jobs = ["a1", "b1", "c1", "d1"].map((name) => ({ name, ...work(log, name) }));
    const results = jobs.map((j) => slots.run(j.name.slice(0, 1), j.run));
    await tick();
    expect(log).toEqual(["a1", "b1", "c1"]);
    jobs[0].finish();
    await results[0];
    await tick();
    expect(log).toEqual(["a1", "b1", "c1", "d1"]);
    jobs.slice(1).forEach((j) => j.finish());
    await Promise.all(results);
  });

  it("leaves one of two slots to other clients however many a flooding client queues", async () => {
    const slots = new HashingSlots(2, 10_000);
    const log: string[] = [];
    const flood = Array.from({ length: 6 }, (_, i) => ({ name: `flood${i}`, ...work(log, `flood${i}`) }));
    const floodDone = flood.map((j) => slots.run("203.0.113.1", j.run));
    await tick();
    expect(log).toEqual(["flood0"]);
    const user = work(log, "user");
    const userDone = slots.run("198.51.100.2", user.run);
    await tick();
    expect(log).toEqual(["flood0", "user"]); // at once, not after the flood's queue
    user.finish();
    await userDone;
    flood[0].finish();
    await floodDone[0];
    await tick();
    expect(log).toEqual(["flood0", "user", "flood1"]);
    flood.slice(1).forEach((j) => j.finish());
    await Promise.all(floodDone);
  });

  it("gives a freed slot to the client with the fewest hashes running, oldest first", async () => {
    const slots = new HashingSlots(3, 10_000);
    const log: string[] = [];
    const a = [0, 1, 2].map((i) => ({ ...work(log, `a${i}`) }));
    const aDone = a.map((j) => slots.run("a", j.run));
    const b = work(log, "b0");
    const bDone = slots.run("b", b.run);
    const c = work(log, "c0");
    const cDone = slots.run("c", c.run);
    await tick();
    expect(log).toEqual(["a0", "a1", "b0"]); // a holds two of three slots at most
    b.finish();
    await bDone;
    await tick();
    expect(log).toEqual(["a0", "a1", "b0", "c0"]); // c (none running) before a's third (two running)
    [a[0], a[1], c].forEach((j) => j.finish());
    await Promise.all([aDone[0], aDone[1], cDone]);
    a[2].finish();
    await aDone[2];
    expect(log).toContain("a2");
  });

  it("refuses with 503 and Retry-After when no slot frees within the wait", async () => {
    const slots = new HashingSlots(1, 30);
    const log: string[] = [];
    const first = work(log, "first");
    const firstDone = slots.run("a", first.run);
    const refused = await slots.run("b", async () => "ran").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 1 });
    first.finish();
    await firstDone;
    expect(await slots.run("b", async () => "ran")).toBe("ran"); // the refused one left no trace
  });
});

/**
 * The live section (issue 29): how long a change takes from its commit to a client's event stream, on
 * the node that wrote it and (PostgreSQL, two server processes on one database) on another; and, with
 * 200 streams open, the server's memory and the list queries. A change is an admin renaming a slot
 * (any write publishes through the same path); its time runs from sending the write to the event's
 * arrival, so it includes the write itself: an upper bound of commit-to-client.
 * BENCH_LIVE_RUNS sets the changes timed per path (default 50); BENCH_LIVE_STREAMS the open streams (200).
 */
import { performance } from "node:perf_hooks";
import { type EventStream, openStream } from "../tests/support/sse-client";
import { dataSet } from "./data-set";
import { QUERIES, type QueryTiming, timeQueries } from "./list-queries";
import { machine } from "./machine";
import type { BenchSection } from "./run";
import { type RunningServer, startServer } from "./server";

const DELIVERY_TARGET_MS = 500;
const MEMORY_RISE_LIMIT_BYTES = 50 * 2 ** 20;
/** The lists timed with the streams open: every role's first screen and the search filters. */
const LIST_QUERY_NAMES = /^(pending \(admin\)|admin pending screen|final approval screen|history$|agent: own pending|full name: an \(2\) \+ visa type)/;

interface Delivery {
  path: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

interface LiveResult {
  dialect: string;
  passports: number;
  deliveries: Delivery[];
  streams: number;
  memoryBeforeBytes: number | undefined;
  memoryWithStreamsBytes: number | undefined;
  queries: QueryTiming[];
  /** The same queries before the streams were opened. */
  queriesWithout: QueryTiming[];
  met: boolean;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes: number | undefined) => (bytes === undefined ? "?" : `${Math.round(bytes / 2 ** 20)} MB`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function api(server: RunningServer, token: string, method: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(reply)}`);
  return reply;
}

const isReady = (m: { event?: string }) => m.event === "ready";
const isSlotChange = (m: { event?: string; data: string }, slotId: number) => {
  if (m.event !== "change") return false;
  const change = JSON.parse(m.data) as { resource: string; ids: number[] };
  return change.resource === "slots" && change.ids.includes(slotId);
};

/** Renames the slot `runs` times through `writer`, timing each until `stream` has its event. */
async function timeDeliveries(path: string, writer: RunningServer, token: string, slotId: number, stream: EventStream, runs: number): Promise<Delivery> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const seen = stream.messages.length;
    const t0 = performance.now();
    await api(writer, token, "PUT", `/slot/update-slot-by-id/${slotId}`, { slotName: `LIVE-${slotId}-${Date.now()}-${run}` });
    const event = await stream.next((m) => isSlotChange(m, slotId) && stream.messages.indexOf(m) >= seen, 10_000);
    samples.push(event.at - t0);
  }
  samples.sort((a, b) => a - b);
  return { path, runs, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), max: round(samples[samples.length - 1]) };
}

export const liveSection: BenchSection = {
  name: "live",
  async run(settings) {
    const runs = Number(process.env.BENCH_LIVE_RUNS ?? 50);
    const streamCount = Number(process.env.BENCH_LIVE_STREAMS ?? 200);
    const results: LiveResult[] = [];
    for (const dialect of settings.dialects) {
      const data = await dataSet(dialect, settings.passports, (line) => console.log(line));
      const nodes: RunningServer[] = [];
      const streams: EventStream[] = [];
      try {
        const a = await startServer(data.url);
        nodes.push(a);
        // SQLite is one node's database: its events stay in the process.
        const b = dialect === "postgres" ? await startServer(data.url) : undefined;
        if (b) nodes.push(b);
        const { token } = await a.signIn("admin", "admin123");
        const created = await api(a, token, "POST", "/slot/add-slot", { slotName: `LIVE-${Date.now()}` });
        const slotId: number = created.replyMessage.id;
        const deliveries: Delivery[] = [];

        const onA = await openStream(a.baseUrl, token);
        streams.push(onA);
        await onA.next(isReady);
        deliveries.push(await timeDeliveries("same node", a, token, slotId, onA, runs));
        if (b) {
          const onB = await openStream(b.baseUrl, token);
          streams.push(onB);
          await onB.next(isReady);
          deliveries.push(await timeDeliveries("across nodes (NOTIFY)", a, token, slotId, onB, runs));
        }

        const only = QUERIES.filter((q) => LIST_QUERY_NAMES.test(q.name));
        // The same lists without the streams, for comparison (the targets are the lists' own).
        const { timings: queriesWithout } = await timeQueries(a, settings.runs, { queries: only });
        const memoryBeforeBytes = a.residentMemoryBytes();
        for (let i = 0; i < streamCount; i++) {
          const stream = await openStream(a.baseUrl, token);
          if (stream.status !== 200) throw new Error(`Stream ${i + 1} answered ${stream.status}`);
          streams.push(stream);
        }
        // Changes reach every stream, and heartbeats pass, while the memory is read.
        deliveries.push(await timeDeliveries(`same node, ${streamCount} streams open`, a, token, slotId, onA, Math.min(runs, 20)));
        await sleep(2000);
        const memoryWithStreamsBytes = a.residentMemoryBytes();
        const { timings: queries } = await timeQueries(a, settings.runs, { queries: only });

        const rise = (memoryWithStreamsBytes ?? 0) - (memoryBeforeBytes ?? 0);
        const met = deliveries.every((d) => d.p95 <= DELIVERY_TARGET_MS) && rise <= MEMORY_RISE_LIMIT_BYTES && queries.every((q) => q.p95 <= q.target);
        results.push({ dialect, passports: settings.passports, deliveries, streams: streamCount, memoryBeforeBytes, memoryWithStreamsBytes, queries, queriesWithout, met });

        console.log(`\n${dialect}, ${settings.passports} passports: commit to client (ms; target p95 ≤ ${DELIVERY_TARGET_MS})`);
        console.table(deliveries);
        console.log(`Server memory: ${mb(memoryBeforeBytes)} before, ${mb(memoryWithStreamsBytes)} with ${streamCount} streams open (rise ${mb(rise)}, limit ${mb(MEMORY_RISE_LIMIT_BYTES)})`);
        console.table(
          queries.map((q, i) => ({ query: q.name, "p95 without streams": queriesWithout[i].p95, p50: q.p50, p95: q.p95, target: q.target, met: q.p95 <= q.target ? "yes" : "NO" })),
        );
        console.log(`Load: ${machine().loadAverage.join(" ")}`);
      } finally {
        for (const stream of streams) stream.close();
        for (const node of nodes) await node.stop();
        data.close();
      }
    }
    return { met: results.every((r) => r.met), data: results };
  },
};

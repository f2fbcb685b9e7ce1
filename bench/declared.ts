/**
 * The declared section (issue 26): a declared resource's list through HTTP at BENCH_DECLARED_RECORDS
 * records (default 100,000; BENCH_DECLARED_RESOURCE names it, default demand-letters) on each database
 * of BENCH_DB: first, middle and last page, sorts, an equality filter, `_like` and `q`. The queries are
 * made from the declaration (its sortable, filterable and searchable fields). Targets: p95 ≤ 25 ms for
 * pages, sorts and equality, ≤ 100 ms for `_like` and `q`. Also the first page's requests per second
 * beside a Fastify hello-world's. Written to bench/results/declared-<db>-<records>.json.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DECLARED_RESOURCES } from "../src/resources/declared";
import { type AnyDataResource, isSearchable, isSortable, isTextKind } from "../src/resources/model";
import { declaredDataSet } from "./declared-data";
import { machine } from "./machine";
import type { BenchSection } from "./run";
import { type RunningServer, startServer } from "./server";
import { measure, startHelloWorld } from "./throughput";

interface DeclaredQuery {
  name: string;
  query: string;
  target: number;
}

/** The queries a declaration allows, at `count` records. */
function queriesOf(resource: AnyDataResource, count: number): DeclaredQuery[] {
  const fields = Object.entries(resource.fields);
  const middle = Math.floor(count / 2);
  const queries: DeclaredQuery[] = [
    { name: "first page", query: "_start=0&_end=10", target: 25 },
    { name: `middle page (${middle.toLocaleString("en")})`, query: `_start=${middle}&_end=${middle + 10}`, target: 25 },
    { name: "last page", query: `_start=${count - 10}&_end=${count}`, target: 25 },
  ];
  const number = fields.find(([, f]) => (f.kind === "money" || f.kind === "number") && isSortable(f));
  if (number) queries.push({ name: `sort by ${number[0]} desc`, query: `_sort=${number[0]}&_order=desc&_start=0&_end=10`, target: 25 });
  const date = fields.find(([, f]) => f.kind === "date" && isSortable(f));
  if (date) queries.push({ name: `sort by ${date[0]}, page 1,000`, query: `_sort=${date[0]}&_order=asc&_start=9990&_end=10000`, target: 25 });
  const reference = fields.find(([, f]) => f.kind === "reference" && f.filterable);
  if (reference) queries.push({ name: `${reference[0]} = one record`, query: `${reference[0]}=5&_start=0&_end=10`, target: 25 });
  const text = fields.find(([, f]) => isTextKind(f) && f.filterable);
  if (text) queries.push({ name: `${text[0]}_like (a part)`, query: `${text[0]}_like=arab&_start=0&_end=10`, target: 100 });
  if (fields.some(([, f]) => isSearchable(f))) {
    queries.push({ name: "q: a common word", query: "q=mason&_start=0&_end=10", target: 100 });
    queries.push({ name: "q: a unique value's part", query: "q=0012&_start=0&_end=10", target: 100 });
    queries.push({ name: "q: matching nothing", query: "q=zzzq&_start=0&_end=10", target: 100 });
  }
  return queries;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(server: RunningServer, token: string, path: string, query: DeclaredQuery, runs: number) {
  const url = `${server.baseUrl}${path}?${query.query}`;
  const samples: number[] = [];
  let total = 0;
  const cpuBefore = server.cpuMs();
  for (let r = 0; r < runs + 2; r++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${query.name}: ${url} answered ${res.status}: ${body}`);
    total = Number(res.headers.get("x-total-count"));
    if (r >= 2) samples.push(elapsed);
  }
  const cpuAfter = server.cpuMs();
  samples.sort((a, b) => a - b);
  return {
    ...query,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(samples[samples.length - 1]),
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : round((cpuAfter - cpuBefore) / (runs + 2)),
    total,
  };
}

export const declaredSection: BenchSection = {
  name: "declared",
  async run(settings) {
    const count = Number(process.env.BENCH_DECLARED_RECORDS ?? 100_000);
    const name = process.env.BENCH_DECLARED_RESOURCE ?? "demand-letters";
    const resource = DECLARED_RESOURCES.find((r) => r.name === name);
    if (!resource) throw new Error(`No declared resource named ${name}`);
    const seconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
    const results = [];
    let met = true;
    for (const dialect of settings.dialects) {
      const data = await declaredDataSet(dialect, resource, DECLARED_RESOURCES, count, (line) => console.log(line));
      try {
        const server = await startServer(data.url);
        try {
          const { token } = await server.signIn("admin", "admin123");
          const loadBefore = machine();
          const path = `/api/${resource.name}`;
          const timings = [];
          for (const query of queriesOf(resource, count)) timings.push(await time(server, token, path, query, settings.runs));
          const hello = await startHelloWorld();
          const helloRate = await measure("hello-world", hello.url, {}, seconds, () => undefined).finally(() => hello.stop());
          const listRate = await measure("first page", `${server.baseUrl}${path}?_start=0&_end=10`, { authorization: `Bearer ${token}` }, seconds, server.cpuMs);
          const result = {
            date: new Date().toISOString(),
            dialect,
            resource: resource.name,
            records: count,
            runs: settings.runs,
            machine: loadBefore,
            peakMemoryBytes: server.peakMemoryBytes(),
            timings,
            throughput: { helloWorld: helloRate, firstPage: listRate, share: listRate.requestsPerSecond / helloRate.requestsPerSecond },
            met: timings.every((t) => t.p95 <= t.target),
          };
          met &&= result.met;
          results.push(result);
          writeFileSync(join(settings.resultsDir, `declared-${dialect}-${count}.json`), `${JSON.stringify(result, null, 2)}\n`);
          console.log(`\n${dialect}, ${count} ${resource.name}, ${settings.runs} runs per query (ms)`);
          console.table(timings.map((t) => ({ query: t.name, p50: t.p50, p95: t.p95, max: t.max, target: t.target, met: t.p95 <= t.target ? "yes" : "NO", "server cpu": t.cpu, total: t.total })));
          console.log(
            `First page: ${listRate.requestsPerSecond} req/s, hello-world ${helloRate.requestsPerSecond} req/s (${(100 * result.throughput.share).toFixed(1)}%); load before ${loadBefore.loadAverage.join(" ")}`,
          );
        } finally {
          await server.stop();
        }
      } finally {
        data.close();
      }
    }
    return { met, data: results };
  },
};

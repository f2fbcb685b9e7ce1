/**
 * The lists section: on each database of BENCH_DB, the seed:large data set, the server in a process
 * of its own, every query of list-queries.ts timed through HTTP, and the server's peak memory.
 * Writes bench/results/lists-<db>-<passports>.json and prints the lists table (docs/benchmarks.md; the
 * README keeps a summary) from the latest results of both databases at that size.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { dataSet } from "./data-set";
import { QUERIES, type QueryTiming, timeQueries } from "./list-queries";
import { machine } from "./machine";
import type { BenchSection, BenchSettings } from "./run";
import { startServer } from "./server";

/** The server's memory must stay below this through the bench. */
const MEMORY_LIMIT_BYTES = 250 * 2 ** 20;

interface ListsResult {
  date: string;
  dialect: string;
  passports: number;
  runs: number;
  machine: ReturnType<typeof machine>;
  /** The server's peak memory while answering the lists, and before (start and sign-ins). */
  peakMemoryBytes: number | undefined;
  signInPeakBytes: number | undefined;
  queries: QueryTiming[];
  met: boolean;
}

const mb = (bytes: number | undefined) => (bytes === undefined ? "?" : `${Math.round(bytes / 2 ** 20)} MB`);

export const listsSection: BenchSection = {
  name: "lists",
  async run(settings: BenchSettings) {
    const all: ListsResult[] = [];
    for (const dialect of settings.dialects) {
      const data = await dataSet(dialect, settings.passports, (line) => console.log(line));
      try {
        const server = await startServer(data.url);
        try {
          const loadBefore = machine();
          const backends = dialect === "postgres" ? await postgresCpu(data.url) : undefined;
          const only = process.env.BENCH_QUERIES ? new RegExp(process.env.BENCH_QUERIES, "i") : undefined;
          const { timings: queries, signInPeakBytes } = await timeQueries(server, settings.runs, {
            queries: only ? QUERIES.filter((q) => only.test(q.name)) : QUERIES,
            dbCpuMs: backends?.cpuMs,
          }).finally(() => backends?.close());
          const peakMemoryBytes = server.peakMemoryBytes();
          // Under the limit through the whole bench: the sign-ins (scrypt's memory) as well as the lists.
          const met = queries.every((q) => q.p95 <= q.target) && [peakMemoryBytes, signInPeakBytes].every((bytes) => (bytes ?? 0) < MEMORY_LIMIT_BYTES);
          const result: ListsResult = { date: new Date().toISOString(), dialect, passports: settings.passports, runs: settings.runs, machine: loadBefore, peakMemoryBytes, signInPeakBytes, queries, met };
          all.push(result);
          writeFileSync(join(settings.resultsDir, `lists-${dialect}-${settings.passports}.json`), `${JSON.stringify(result, null, 2)}\n`);
          console.log(`\n${dialect}, ${settings.passports} passports, ${settings.runs} runs per query (ms)`);
          console.table(queries.map((q) => ({ query: q.name, p50: q.p50, p95: q.p95, max: q.max, target: q.target, met: q.p95 <= q.target ? "yes" : "NO", "server cpu": q.cpu, ...(q.dbCpu === undefined ? {} : { "db cpu": q.dbCpu }), total: q.total })));
          console.log(`Server peak memory answering the lists: ${mb(peakMemoryBytes)} (limit ${mb(MEMORY_LIMIT_BYTES)}); at start and sign-in: ${mb(signInPeakBytes)}; load before the run ${loadBefore.loadAverage.join(" ")}`);
        } finally {
          await server.stop();
        }
      } finally {
        data.close();
      }
    }
    console.log(`\nREADME table (${settings.passports} passports, latest results of each database):\n\n${readmeTable(settings)}`);
    return { met: all.every((r) => r.met), data: all };
  },
};

/**
 * CPU time (ms) of the PostgreSQL backends serving the server (Linux /proc; the bench's cluster runs on
 * this machine): with the server's own CPU, what a request costs however busy the machine is.
 */
async function postgresCpu(url: string): Promise<{ cpuMs: () => Promise<number>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seen = new Map<number, number>();
  return {
    async cpuMs() {
      const { rows } = await client.query("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
      for (const { pid } of rows) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
          seen.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
        } catch {
          // the backend has just ended: its last reading stays
        }
      }
      return [...seen.values()].reduce((a, b) => a + b, 0);
    },
    close: () => client.end(),
  };
}

/** Query | target | p50 / p95 / max on SQLite | on PostgreSQL, from the latest results files. */
function readmeTable(settings: BenchSettings): string {
  const results = (["sqlite", "postgres"] as const)
    .map((d) => join(settings.resultsDir, `lists-${d}-${settings.passports}.json`))
    .map((file) => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ListsResult) : undefined));
  const cell = (r: ListsResult | undefined, name: string) => {
    const q = r?.queries.find((x) => x.name === name);
    return q ? `${q.p50} / ${q.p95} / ${q.max}${q.p95 > q.target ? " ✗" : ""}` : "–";
  };
  const names = [...new Set(results.flatMap((r) => r?.queries.map((q) => q.name) ?? []))];
  const target = (name: string) => results.flatMap((r) => r?.queries ?? []).find((q) => q.name === name)?.target;
  const lines = [
    "| Query | p95 target | SQLite p50 / p95 / max (ms) | PostgreSQL p50 / p95 / max (ms) |",
    "|---|---|---|---|",
    ...names.map((name) => `| ${name} | ${target(name)} | ${cell(results[0], name)} | ${cell(results[1], name)} |`),
    `| server peak memory, lists | 250 MB | ${mb(results[0]?.peakMemoryBytes)} | ${mb(results[1]?.peakMemoryBytes)} |`,
    `| server peak memory, start and 3 sign-ins | 250 MB | ${mb(results[0]?.signInPeakBytes)} | ${mb(results[1]?.signInPeakBytes)} |`,
  ];
  const about = results
    .filter((r): r is ListsResult => r !== undefined)
    .map((r) => `${r.dialect}: ${r.date.slice(0, 10)}, ${r.runs} runs per query, ${r.machine.cpu} (${r.machine.cores} cores), load average ${r.machine.loadAverage.join(" ")}`);
  return [...lines, "", ...about].join("\n");
}

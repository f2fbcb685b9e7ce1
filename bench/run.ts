/**
 * Benchmarks (`npm run bench`): passport list latency on a large database, and what the sign-in page
 * downloads. Results go to bench/results/latest.json (and are printed). Settings:
 *   BENCH_PASSPORTS  passports to generate (default 100000)
 *   BENCH_DB         sqlite (default) or postgres (starts a throw-away PostgreSQL, as the tests do)
 *   BENCH_RUNS       timed requests per query (default 20)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { measureListQueries } from "./list-queries";
import { measureSignInDownload } from "./sign-in-download";
import { measureSecurity } from "./security";
import { startPostgres } from "../tests/support/postgres";

/**
 * The targets: a passport list answers within 100 ms at p95 (at 10^6 passports: BENCH_PASSPORTS=1000000),
 * and the sign-in page's JavaScript, as sent (brotli), stays under 350 kB.
 */
const TARGETS = { listP95Ms: 100, signInBrotliBytes: 350_000 };

const passports = Number(process.env.BENCH_PASSPORTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const dialect = process.env.BENCH_DB === "postgres" ? "postgres" : "sqlite";

async function databaseUrl(): Promise<{ url: string; cleanup(): void }> {
  if (dialect === "postgres") {
    const pg = await startPostgres();
    if (!pg) throw new Error("PostgreSQL binaries not found (install Debian's postgresql)");
    return { url: pg.url, cleanup: () => pg.stop() };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  return { url: `sqlite:${join(dir, "bench.db")}`, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const db = await databaseUrl();
try {
  const lists = await measureListQueries(db.url, passports, runs);
  const download = await measureSignInDownload();
  const security = await measureSecurity(db.url);
  const met = {
    lists: lists.every((l) => l.p95 <= TARGETS.listP95Ms),
    signInDownload: download.brotliBytes <= TARGETS.signInBrotliBytes,
  };
  const results = { date: new Date().toISOString(), dialect, passports, runs, targets: TARGETS, met, lists, signInDownload: download, security };
  const dir = resolve("bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.table(lists.map((l) => ({ query: l.name, "p50 ms": l.p50, "p95 ms": l.p95, rows: l.rows, total: l.total })));
  console.log(`Sign-in page JavaScript: ${download.files} files, ${download.bytes} bytes (${download.gzipBytes} gzipped, ${download.brotliBytes} with brotli, as served)`);
  console.log(`Targets: lists p95 <= ${TARGETS.listP95Ms} ms ${met.lists ? "met" : "MISSED"}; sign-in JavaScript <= ${TARGETS.signInBrotliBytes} bytes as sent ${met.signInDownload ? "met" : "MISSED"}`);
  console.log(`Written to ${join(dir, "latest.json")}`);
} finally {
  db.cleanup();
}

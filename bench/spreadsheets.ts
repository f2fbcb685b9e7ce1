/**
 * The spreadsheets section (issue 27), on the lists' data set (BENCH_PASSPORTS, default 100,000; the
 * issue's figures are at 10^6) on each database of BENCH_DB:
 * - the whole Application History as CSV: time to the first byte, total time, size, and how far the
 *   server's memory rose above idle (targets: first byte ≤ 1 s, memory ≤ +100 MB);
 * - the same as XLSX: refused at once above EXPORT_XLSX_MAX_ROWS (the cap), so also a list at the cap
 *   (the passports whose status changed in the last BENCH_XLSX_DAYS days, default 120: about 90,000 of
 *   10^6), with the same targets;
 * - an import of 10,000 new passports made from the server's own template: the dry run, then the
 *   import (targets ≤ 10 s each, on SQLite). The imported passports are deleted afterwards, so the data
 *   set stays as seed:large made it.
 * Written to bench/results/spreadsheets-<db>-<passports>.json.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../server/db/database";
import { type BenchDialect, dataSet } from "./data-set";
import type { BenchSection } from "./run";
import { type RunningServer, startServer } from "./server";

const MB = 1024 * 1024;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const XLSX_DAYS = Number(process.env.BENCH_XLSX_DAYS ?? 120);
const round = (ms: number) => Math.round(ms);

interface Download {
  status: number;
  contentType: string;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  memoryRiseMb?: number;
  message?: string;
}

/** GETs `path` as a file, reading it as it comes; the memory rise is the peak during it above the resident size before. */
async function download(server: RunningServer, token: string, path: string): Promise<Download> {
  const idle = server.residentMemoryBytes();
  server.resetPeakMemory();
  const t0 = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  let firstByteMs: number | undefined;
  let bytes = 0;
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - t0;
    bytes += value.byteLength;
    if (res.status !== 200) chunks.push(value);
  }
  const totalMs = performance.now() - t0;
  const peak = server.peakMemoryBytes();
  const message = res.status === 200 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8")).errorMessage;
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    firstByteMs: round(firstByteMs ?? totalMs),
    totalMs: round(totalMs),
    bytes,
    memoryRiseMb: peak === undefined || idle === undefined ? undefined : Math.round(((peak - idle) / MB) * 10) / 10,
    message,
  };
}

async function json(server: RunningServer, token: string, path: string) {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A CSV of `rows` new passports: the template's example row, each with its own passport number, name, phone and NID. */
async function importFile(server: RunningServer, token: string, prefix: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/passport/import-template?format=csv`, { headers: { authorization: `Bearer ${token}` } });
  const { parse } = await import("csv-parse/sync");
  const [header, example] = parse(Buffer.from(await res.arrayBuffer()), { bom: true, relax_column_count: true }) as string[][];
  const column = (pattern: RegExp) => header.findIndex((h) => pattern.test(h));
  const passportNo = column(/passport\s*no/i);
  const name = column(/full\s*name/i);
  const phone = column(/phone|telephone/i);
  const nid = column(/nid/i);
  const lines: string[][] = [header];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const row = [...example];
    row[passportNo] = `${prefix}${String(i).padStart(7, "0")}`;
    row[name] = `Bench Import ${i}`;
    if (phone >= 0) row[phone] = `019${String(i).padStart(8, "0")}`;
    if (nid >= 0) row[nid] = String(1_000_000_000 + i);
    lines.push(row);
  }
  const { stringify } = await import("csv-stringify/sync");
  return stringify(lines);
}

async function postImport(server: RunningServer, token: string, csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "bench-import.csv");
  const t0 = performance.now();
  const res = await fetch(`${server.baseUrl}/api/passport/import?dryRun=${dryRun}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  const ms = round(performance.now() - t0);
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
  const { total, created, duplicates, failed, errors } = body.replyMessage;
  return { ms, total, created, duplicates, failed, firstError: errors[0] };
}

/** Deletes what the import wrote (passports whose number starts with `prefix`, and their events). */
async function removeImported(url: string, prefix: string) {
  const { db } = openDatabase(url);
  try {
    const ids = db.selectFrom("passports").select("id").where("passport_no", "like", `${prefix}%`);
    await db.deleteFrom("passport_events").where("passport_id", "in", ids).execute();
    await db.deleteFrom("passports").where("passport_no", "like", `${prefix}%`).execute();
  } finally {
    await db.destroy();
  }
}

async function runOn(dialect: BenchDialect, passports: number) {
  const data = await dataSet(dialect, passports, (line) => console.log(line));
  try {
    const server = await startServer(data.url);
    try {
      const { token } = await server.signIn("superadmin", "superadmin123");
      const since = new Date(Date.now() - XLSX_DAYS * 86_400_000).toISOString().slice(0, 10);
      const capped = `statusChangedFrom=${since}`;
      const cappedTotal: number = (await json(server, token, `/api/passport/get-history?${capped}&size=1`)).replyMessage.totalElements;
      const csv = await download(server, token, "/api/passport/get-history?format=csv");
      const xlsxWhole = await download(server, token, "/api/passport/get-history?format=xlsx");
      const xlsxCapped = await download(server, token, `/api/passport/get-history?${capped}&format=xlsx`);
      const csvCapped = await download(server, token, `/api/passport/get-history?${capped}&format=csv`);
      const prefix = "QZ"; // no passport of seed:large starts so
      const file = await importFile(server, token, prefix);
      await removeImported(data.url, prefix);
      const dryRun = await postImport(server, token, file, true);
      const commit = await postImport(server, token, file, false);
      await removeImported(data.url, prefix);
      return { dialect, passports, csv, xlsxWhole, xlsxCapped: { ...xlsxCapped, rows: cappedTotal }, csvCapped: { ...csvCapped, rows: cappedTotal }, dryRun, commit };
    } finally {
      await server.stop();
    }
  } finally {
    data.close();
  }
}

export const spreadsheetsSection: BenchSection = {
  name: "spreadsheets",
  async run(settings) {
    const results = [];
    let met = true;
    for (const dialect of settings.dialects) {
      const r = await runOn(dialect, settings.passports);
      const exportMet = (d: Download) => d.status === 200 && !d.contentType.startsWith("application/json") && d.firstByteMs <= 1000 && (d.memoryRiseMb ?? 0) <= 100;
      const checks = {
        csv: exportMet(r.csv),
        xlsx: (r.xlsxWhole.status === 200 ? exportMet(r.xlsxWhole) : r.xlsxWhole.status === 400) && exportMet(r.xlsxCapped),
        import: dialect !== "sqlite" || (r.dryRun.ms <= 10_000 && r.commit.ms <= 10_000 && r.commit.created === IMPORT_ROWS),
      };
      const sectionMet = Object.values(checks).every(Boolean);
      met &&= sectionMet;
      const result = { date: new Date().toISOString(), ...r, checks, met: sectionMet };
      results.push(result);
      writeFileSync(join(settings.resultsDir, `spreadsheets-${dialect}-${settings.passports}.json`), `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\n${dialect}, ${settings.passports} passports`);
      const row = (what: string, d: Download, rows: number | string) => ({
        what,
        rows,
        status: d.status,
        "first byte (ms)": d.firstByteMs,
        "total (ms)": d.totalMs,
        MB: Math.round((d.bytes / MB) * 10) / 10,
        "memory rise (MB)": d.memoryRiseMb,
      });
      console.table([
        row("CSV, whole history", r.csv, settings.passports),
        row("XLSX, whole history", r.xlsxWhole, r.xlsxWhole.status === 200 ? settings.passports : `capped: ${r.xlsxWhole.message}`),
        row(`CSV, last ${XLSX_DAYS} days`, r.csvCapped, r.csvCapped.rows),
        row(`XLSX, last ${XLSX_DAYS} days`, r.xlsxCapped, r.xlsxCapped.rows),
      ]);
      console.table([
        { what: `import ${IMPORT_ROWS} rows: dry run`, ms: r.dryRun.ms, created: r.dryRun.created, duplicates: r.dryRun.duplicates, failed: r.dryRun.failed },
        { what: `import ${IMPORT_ROWS} rows: import`, ms: r.commit.ms, created: r.commit.created, duplicates: r.commit.duplicates, failed: r.commit.failed },
      ]);
      if (r.dryRun.firstError) console.log("First row error:", r.dryRun.firstError);
      console.log(`Targets ${sectionMet ? "met" : "MISSED"}: ${JSON.stringify(checks)}`);
    }
    return { met, data: results };
  },
};

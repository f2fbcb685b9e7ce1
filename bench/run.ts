/**
 * Benchmarks (`npm run bench`), section by section; each prints its table and says whether its targets
 * were met, and everything goes to bench/results/ (latest.json, and lists-<db>-<passports>.json).
 * Settings:
 *   BENCH_DB            sqlite (default), postgres, or both: sqlite,postgres
 *   BENCH_PASSPORTS     passports in the data set made by seed:large (default 100000; kept in data/bench/)
 *   BENCH_RUNS          timed requests per query (default 30)
 *   BENCH_SECTIONS      the sections to run, comma-separated (default all): lists, sign-in, security, throughput, declared, spreadsheets, live
 *   BENCH_IMPORT_ROWS   rows of the spreadsheets section's import (default 10000)
 *   BENCH_DECLARED_RECORDS   records of the declared section's resource (default 100000)
 *   BENCH_DECLARED_RESOURCE  the declared resource it lists (default demand-letters)
 *   BENCH_LIVE_RUNS     changes timed per path in the live section (default 50); BENCH_LIVE_STREAMS its open streams (200)
 *   BENCH_QUERIES       only the list queries whose name matches this regular expression
 *   BENCH_DATABASE_URL  run the lists on this database (made by seed:large) instead
 *   BENCH_SERVER_DIR    run the server of another checkout (to compare with main)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { declaredSection } from "./declared";
import { listsSection } from "./lists";
import { liveSection } from "./live";
import { machine } from "./machine";
import { securitySection } from "./security-section";
import { signInSection } from "./sign-in-download";
import { spreadsheetsSection } from "./spreadsheets";
import { throughputSection } from "./throughput";

export interface BenchSettings {
  dialects: ("sqlite" | "postgres")[];
  passports: number;
  runs: number;
  resultsDir: string;
}

export interface SectionResult {
  met: boolean;
  /** Written to latest.json under the section's name. */
  data: unknown;
}

export interface BenchSection {
  name: string;
  run(settings: BenchSettings): Promise<SectionResult>;
}

/** Add a section here (its module prints its own table). */
const SECTIONS: BenchSection[] = [listsSection, signInSection, securitySection, throughputSection, declaredSection, spreadsheetsSection, liveSection];

const settings: BenchSettings = {
  dialects: (process.env.BENCH_DB ?? "sqlite").split(",").map((d) => (d.trim() === "postgres" ? "postgres" : "sqlite")),
  passports: Number(process.env.BENCH_PASSPORTS ?? 100_000),
  runs: Number(process.env.BENCH_RUNS ?? 30),
  resultsDir: resolve("bench/results"),
};
const wanted = process.env.BENCH_SECTIONS?.split(",").map((s) => s.trim());

const startedOn = machine();
const results: Record<string, unknown> = {};
const met: Record<string, boolean> = {};
mkdirSync(settings.resultsDir, { recursive: true });
for (const section of SECTIONS.filter((s) => !wanted || wanted.includes(s.name))) {
  console.log(`\n== ${section.name}`);
  const result = await section.run(settings);
  results[section.name] = result.data;
  met[section.name] = result.met;
}
const latest = { date: new Date().toISOString(), machine: { ...startedOn, loadAverageAtEnd: machine().loadAverage }, settings, met, ...results };
writeFileSync(join(settings.resultsDir, "latest.json"), `${JSON.stringify(latest, null, 2)}\n`);
console.log(`\nTargets: ${Object.entries(met).map(([name, ok]) => `${name} ${ok ? "met" : "MISSED"}`).join("; ")}`);
console.log(`Machine: ${startedOn.cpu}, ${startedOn.cores} cores, load ${startedOn.loadAverage.join(" ")} at the start and ${latest.machine.loadAverageAtEnd.join(" ")} at the end`);
console.log(`Written to ${join(settings.resultsDir, "latest.json")}`);

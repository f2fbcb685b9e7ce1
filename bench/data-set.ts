/**
 * The databases the benchmarks run on, made once by seed:large and kept under data/bench/ (git-ignored):
 * data/bench/sqlite-<passports>.db, and a PostgreSQL cluster in data/bench/postgres-<passports>/ that
 * is started for the run and stopped after. BENCH_DATABASE_URL names another database instead.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { seedLarge } from "../server/seed/large";
import { startPostgres } from "../tests/support/postgres";

export type BenchDialect = "sqlite" | "postgres";

export interface DataSet {
  dialect: BenchDialect;
  url: string;
  /** Stops what was started for it (PostgreSQL). */
  close(): void;
}

/** The bench's PostgreSQL: memory for the data set's hot pages, as a production server would have. */
export const POSTGRES_SETTINGS = ["shared_buffers=512MB", "effective_cache_size=2GB", "work_mem=16MB"];

const DIR = resolve("data/bench");

export async function dataSet(dialect: BenchDialect, passports: number, log: (line: string) => void): Promise<DataSet> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { dialect, url: given, close() {} };
  mkdirSync(DIR, { recursive: true });
  if (dialect === "sqlite") {
    const file = `${DIR}/sqlite-${passports}.db`;
    if (!existsSync(file)) {
      const partial = `${file}.partial`;
      for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
      log(`Generating ${passports} passports into ${file} (once; kept for later runs)`);
      await seedLarge({ databaseUrl: `sqlite:${partial}`, passports, log });
      renameSync(partial, file);
    }
    return { dialect, url: `sqlite:${file}`, close() {} };
  }
  const dir = `${DIR}/postgres-${passports}`;
  const server = await startPostgres({ dir, settings: POSTGRES_SETTINGS });
  if (!server) throw new Error("PostgreSQL binaries not found (install Debian's postgresql)");
  const url = server.url.replace(/\/postgres$/, "/bench");
  try {
    if (!(await seeded(server.url))) {
      log(`Generating ${passports} passports into PostgreSQL in ${dir} (once; kept for later runs)`);
      await dropBench(server.url);
      await seedLarge({ databaseUrl: url, passports, log });
      await markSeeded(server.url);
    }
  } catch (error) {
    server.stop();
    throw error;
  }
  return { dialect, url, close: () => server.stop() };
}

/** A database comment marks a finished seed, so an interrupted one starts again. */
async function seeded(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const row = await client.query("select shobj_description(oid, 'pg_database') as note from pg_database where datname = 'bench'");
    return row.rows[0]?.note === "seeded";
  } finally {
    await client.end();
  }
}

async function dropBench(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query("drop database if exists bench with (force)").finally(() => client.end());
}

async function markSeeded(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query("comment on database bench is 'seeded'").finally(() => client.end());
}

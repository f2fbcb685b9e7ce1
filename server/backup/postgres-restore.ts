/** A pg_dump custom archive restored by pg_restore into DATABASE_URL's database, in one transaction. */
import pg from "pg";
import { BackupError } from "./errors";
import { postgresConnection, requirePostgresTool, runPostgresTool } from "./postgres-tools";
import { checkPostgres, type RestoredLevel } from "./restore-checks";

/** Servers hold connections to their database: a restore under them would fail on their locks or mix their writes in. */
async function refuseIfInUse(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number; name: string }>(
      `SELECT count(*)::int AS n, current_database() AS name FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    const { n, name } = rows[0];
    if (n > 0) {
      throw new BackupError(`${n} other connection${n === 1 ? " is" : "s are"} open to the database ${name} (are servers running?): stop every server, then restore`);
    }
  } finally {
    await client.end();
  }
}

/**
 * `beforeSwap` runs before pg_restore (which is the swap: nothing can be checked in between); throwing,
 * it leaves the database as it was.
 */
export async function restorePostgres(backup: string, databaseUrl: string, beforeSwap?: () => Promise<void>): Promise<RestoredLevel> {
  const pgRestore = requirePostgresTool("pg_restore");
  await refuseIfInUse(databaseUrl);
  if (beforeSwap) {
    await beforeSwap();
    await refuseIfInUse(databaseUrl); // a server may have started while it ran
  }
  const { url, env } = postgresConnection(databaseUrl);
  // One transaction: a restore that fails half-way leaves the database as it was.
  await runPostgresTool(pgRestore, ["--clean", "--if-exists", "--no-owner", "--single-transaction", `--dbname=${url}`, backup], env);
  return checkPostgres(databaseUrl);
}

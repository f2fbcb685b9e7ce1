/** A PostgreSQL database dumped by pg_dump in its custom format (one consistent snapshot; pg_restore reads it). */
import { postgresConnection, requirePostgresTool, runPostgresTool } from "./postgres-tools";

export async function backupPostgres(databaseUrl: string, out: string): Promise<void> {
  const pgDump = requirePostgresTool("pg_dump");
  const { url, env } = postgresConnection(databaseUrl);
  await runPostgresTool(pgDump, ["--format=custom", `--file=${out}`, `--dbname=${url}`], env);
}

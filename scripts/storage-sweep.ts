/**
 * `npm run storage:sweep -- [--older-than 24h] [--delete]`: lists the objects under STORAGE_URL's
 * prefix that no row names and that are older than the limit (orphans, docs/storage.md "Sweeping
 * orphans"); with --delete, deletes them. A dry run by default. Reads the server's settings
 * (DATABASE_URL, STORAGE_URL, S3_ENDPOINT, AWS_*). Exit codes: 0 done, 1 failed, 2 no STORAGE_URL.
 */
import { ConfigError, databaseUrlOf, objectStorageFrom } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { ObjectStore } from "../server/storage/s3";
import { DEFAULT_OLDER_THAN_MS, sweepOrphans } from "../server/storage/sweep";

const USAGE = "Usage: npm run storage:sweep -- [--older-than <number>m|h|d (default 24h)] [--delete]";
const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

function options(args: string[]): { olderThanMs: number; delete: boolean } {
  let olderThanMs = DEFAULT_OLDER_THAN_MS;
  let remove = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--delete") remove = true;
    else if (args[i] === "--older-than" && args[i + 1] !== undefined) {
      const match = /^(\d+)([mhd])$/.exec(args[++i]);
      if (!match) throw new ConfigError(`--older-than must be a whole number of minutes, hours or days (30m, 24h, 7d), got "${args[i]}"`);
      olderThanMs = Number(match[1]) * UNITS[match[2]];
    } else throw new ConfigError(USAGE);
  }
  return { olderThanMs, delete: remove };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<number> {
  const { olderThanMs, delete: remove } = options(process.argv.slice(2));
  const databaseUrl = databaseUrlOf(process.env);
  const storageConfig = objectStorageFrom(process.env);
  if (!storageConfig) {
    console.error("STORAGE_URL is not set: there is no bucket to sweep (set it as the servers have it, s3://bucket/prefix)");
    return 2;
  }
  const database = openDatabase(databaseUrl);
  const objects = new ObjectStore(storageConfig);
  try {
    await migrateToLatest(database.db, database.dialect);
    const hours = olderThanMs / 3_600_000;
    console.log(`${remove ? "Deleting" : "Listing (dry run)"} objects under s3://${storageConfig.bucket}/${storageConfig.prefix} that no row names, older than ${hours} h`);
    const result = await sweepOrphans(database.db, objects, {
      delete: remove,
      olderThanMs,
      onOrphan: (o) => console.log(`orphan ${o.key}\t${o.size} bytes\t${o.lastModified.toISOString()}`),
      onDeleteError: (o, error) => console.error(`Object ${o.key} could not be deleted: ${error instanceof Error ? error.message : String(error)}`),
    });
    console.log(`Listed ${result.listed} object(s): ${result.referenced} named by a row, ${result.young} newer than the limit (kept), ${result.orphans} orphan(s) of ${result.orphanBytes} bytes (${megabytes(result.orphanBytes)}).`);
    if (remove) console.log(`Deleted ${result.deleted} orphan(s), ${result.deletedBytes} bytes (${megabytes(result.deletedBytes)}) freed.`);
    else if (result.orphans > 0) console.log("Dry run: nothing was deleted. Run again with --delete to delete them.");
    if (result.failed > 0) {
      console.error(`${result.failed} orphan(s) could not be deleted.`);
      return 1;
    }
    return 0;
  } finally {
    objects.close();
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

/**
 * `npm run storage:move -- --to s3|database [--batch 100] [--limit N]`: moves the stored documents'
 * bytes into STORAGE_URL's bucket, or back into the database (docs/storage.md "Moving"). Reads the
 * server's settings (DATABASE_URL, STORAGE_URL, S3_ENDPOINT, AWS_*); resumable: a rerun moves what is left.
 */
import { ConfigError, databaseUrlOf, objectStorageFrom } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { openStorage } from "../server/storage";
import { type MoveTarget, moveDocuments } from "../server/storage/move";

const USAGE = "Usage: npm run storage:move -- --to s3|database [--batch <rows per query>] [--limit <rows to move>]";

function options(args: string[]): { to: MoveTarget; batch?: number; limit?: number } {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    if (!["--to", "--batch", "--limit"].includes(args[i]) || args[i + 1] === undefined) throw new ConfigError(USAGE);
    values.set(args[i], args[i + 1]);
  }
  const to = values.get("--to");
  if (to !== "s3" && to !== "database") throw new ConfigError(USAGE);
  const count = (name: string) => {
    const raw = values.get(name);
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
    return Number(raw);
  };
  return { to, batch: count("--batch"), limit: count("--limit") };
}

async function main(): Promise<void> {
  const { to, batch, limit } = options(process.argv.slice(2));
  const databaseUrl = databaseUrlOf(process.env);
  const storageConfig = objectStorageFrom(process.env);
  if (!storageConfig) throw new ConfigError(`STORAGE_URL must name the bucket to move documents ${to === "s3" ? "to" : "from"} (s3://bucket/prefix)`);
  const database = openDatabase(databaseUrl);
  const storage = openStorage(storageConfig);
  try {
    await migrateToLatest(database.db, database.dialect);
    const place = to === "s3" ? `s3://${storageConfig.bucket}/${storageConfig.prefix}` : "the database";
    console.log(`Moving documents to ${place}${limit ? ` (at most ${limit})` : ""}`);
    const moved = await moveDocuments(database.db, storage, {
      to,
      batch,
      limit,
      onProgress: (p) => console.log(`${p.table}: ${p.moved} of ${p.total} moved`),
    });
    console.log(`Done: ${moved} document(s) moved.`);
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

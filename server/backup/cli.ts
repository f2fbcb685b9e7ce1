/** The backup and restore commands as a user runs them: arguments, DATABASE_URL, one line per outcome, the exit code. */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, databaseUrlOf, objectStorageFrom } from "../config";
import { openDatabase } from "../db/database";
import { referencedObjectKeys } from "../storage";
import { type StoredObjects, runBackup } from "./backup";
import { dialectOf, redactedUrl } from "./database-url";
import { BackupError } from "./errors";
import { runRestore } from "./restore";

const BACKUP_USAGE = "Usage: npm run backup -- --out <file>   (the database named by DATABASE_URL; docs/backup.md)";
const RESTORE_USAGE = "Usage: npm run restore -- <file>   (into the database named by DATABASE_URL, with the server stopped; docs/backup.md)";

/** npm runs a script in the package's folder; a file the user names is relative to where they ran npm (INIT_CWD). */
const userPath = (file: string, env: NodeJS.ProcessEnv) => resolve(env.INIT_CWD || process.cwd(), file);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Known failures print their one line; anything else is a bug and keeps its stack. */
async function reported(step: () => Promise<void>): Promise<number> {
  try {
    await step();
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

/** With STORAGE_URL set, the objects the database refers to (listed just after its copy), for the manifest. */
export type StoredObjectsOf = (env: NodeJS.ProcessEnv, databaseUrl: string) => StoredObjects | undefined;
const objectsInStorage: StoredObjectsOf = (env, databaseUrl) => {
  if (!objectStorageFrom(env)) return undefined;
  return {
    storageUrl: env.STORAGE_URL!.trim(),
    async *referenced() {
      const database = openDatabase(databaseUrl);
      try {
        yield* referencedObjectKeys(database.db);
      } finally {
        await database.close();
      }
    },
  };
};

export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, storedObjectsOf: StoredObjectsOf = objectsInStorage): Promise<number> {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: "string" } } }).values.out;
  } catch {
    out = undefined;
  }
  if (!out) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  const file = userPath(out, env);
  return reported(async () => {
    const databaseUrl = databaseUrlOf(env);
    const started = Date.now();
    const result = await runBackup({ databaseUrl, out: file, storedObjects: storedObjectsOf(env, databaseUrl) });
    console.log(`Backed up ${redactedUrl(databaseUrl)} to ${result.out} (${megabytes(result.bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (result.manifest) console.log(`Listed ${result.manifest.objects} stored objects in ${result.manifest.file}`);
  });
}

export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let backup: string | undefined;
  try {
    const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true });
    backup = positionals.length === 1 ? positionals[0] : undefined;
  } catch {
    backup = undefined;
  }
  if (!backup) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  const file = userPath(backup, env);
  return reported(async () => {
    const databaseUrl = databaseUrlOf(env);
    const result = await runRestore({ backup: file, databaseUrl });
    console.log(`Restored ${file} into ${redactedUrl(databaseUrl)}`);
    if (result.keptAs) console.log(`The database it replaced is kept as ${result.keptAs}`);
    const integrity = dialectOf(databaseUrl) === "sqlite" ? "integrity_check ok, no missing references" : "pg_restore completed in one transaction";
    console.log(`Checks passed: ${integrity}; ${result.applied} migrations recorded`);
    if (result.pending.length > 0) console.log(`The server applies ${result.pending.length} newer migrations when it starts: ${result.pending.join(", ")}`);
  });
}

/** The backup and restore commands as a user runs them: arguments, DATABASE_URL, one line per outcome, the exit code. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, databaseUrlOf, objectStorageFrom } from "../config";
import { openDatabase } from "../db/database";
import { referencedObjectKeys } from "../storage";
import { ObjectStore } from "../storage/s3";
import { type StoredObjects, runBackup } from "./backup";
import { dialectOf, redactedUrl } from "./database-url";
import { BackupError } from "./errors";
import { checkObjects, describeProblem } from "./object-check";
import { objectManifestPath } from "./object-manifest";
import { runRestore } from "./restore";

const BACKUP_USAGE = "Usage: npm run backup -- --out <file>   (the database named by DATABASE_URL; docs/backup.md)";
const RESTORE_USAGE = [
  "Usage: npm run restore -- <file> [--ignore-missing-objects] [--verify-hashes]   (into the database named by DATABASE_URL, with the server stopped; docs/backup.md)",
  "       npm run restore -- <file> --check-objects-only [--verify-hashes]   (only checks <file>.objects.json against the bucket STORAGE_URL names)",
].join("\n");

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

interface ObjectCheckOptions {
  verifyHashes: boolean;
  /** Problems are warned about and the restore goes on (--ignore-missing-objects). */
  ignoreProblems: boolean;
  /** --check-objects-only: nothing is restored either way. */
  checkOnly: boolean;
}

/**
 * The manifest beside a backup checked against the bucket STORAGE_URL names: one line when every
 * object is there; otherwise the first problems on stderr, a count of the rest, and a refusal (or,
 * with --ignore-missing-objects, a warning).
 */
async function checkStoredObjects(manifest: string, env: NodeJS.ProcessEnv, { verifyHashes, ignoreProblems, checkOnly }: ObjectCheckOptions): Promise<void> {
  const storage = objectStorageFrom(env);
  if (!storage) {
    if (ignoreProblems && !checkOnly) {
      console.error(`Warning: the stored objects ${manifest} lists were not checked: STORAGE_URL is not set (--ignore-missing-objects)`);
      return;
    }
    throw new BackupError(
      `${manifest} lists the stored objects the backup's documents are in, but STORAGE_URL is not set: set STORAGE_URL (and S3_ENDPOINT for an S3-compatible server) ` +
        `to the bucket to check them in${checkOnly ? "" : ", or pass --ignore-missing-objects to restore without checking them"}`,
    );
  }
  const storageUrl = env.STORAGE_URL!.trim();
  const store = new ObjectStore(storage);
  try {
    const started = Date.now();
    const result = await checkObjects(manifest, store, { verifyHashes });
    if (result.header.storage !== storageUrl) console.log(`The manifest was written for ${result.header.storage}; its objects were looked for in ${storageUrl}`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.problems === 0) {
      console.log(`Checked ${result.checked} stored objects in ${storageUrl}: every one there with its size${verifyHashes ? " and SHA-256" : ""} (${seconds} s)`);
      return;
    }
    for (const problem of result.shown) console.error(`  ${describeProblem(problem)}`);
    if (result.problems > result.shown.length) console.error(`  ... and ${result.problems - result.shown.length} more`);
    const summary = `${result.problems} of the ${result.checked} stored objects ${manifest} lists ${result.problems === 1 ? "is missing or differs" : "are missing or differ"} in ${storageUrl}`;
    if (checkOnly) throw new BackupError(summary);
    if (ignoreProblems) {
      console.error(`Warning: ${summary}; restoring anyway (--ignore-missing-objects): their documents cannot be served`);
      return;
    }
    throw new BackupError(
      `${summary}: nothing was restored. Put the objects back (the bucket's versions, its copy), point STORAGE_URL at the bucket that has them, ` +
        `or pass --ignore-missing-objects to restore without them`,
    );
  } finally {
    store.close();
  }
}

export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let backup: string | undefined;
  let flags = { ignoreProblems: false, checkOnly: false, verifyHashes: false };
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      options: { "ignore-missing-objects": { type: "boolean" }, "check-objects-only": { type: "boolean" }, "verify-hashes": { type: "boolean" } },
      allowPositionals: true,
    });
    backup = positionals.length === 1 ? positionals[0] : undefined;
    flags = { ignoreProblems: values["ignore-missing-objects"] === true, checkOnly: values["check-objects-only"] === true, verifyHashes: values["verify-hashes"] === true };
  } catch {
    backup = undefined;
  }
  if (!backup || (flags.checkOnly && flags.ignoreProblems)) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  const file = userPath(backup, env);
  // --check-objects-only takes the backup or its manifest.
  const manifest = flags.checkOnly && file.endsWith(".objects.json") ? file : objectManifestPath(file);
  return reported(async () => {
    if (flags.checkOnly) {
      if (!existsSync(manifest)) throw new BackupError(`There is no object manifest ${manifest} (the backup was made without STORAGE_URL, or its manifest was not kept beside it)`);
      await checkStoredObjects(manifest, env, flags);
      return;
    }
    const databaseUrl = databaseUrlOf(env);
    // Without a manifest (a backup made without STORAGE_URL) there is nothing to check.
    const beforeSwap = existsSync(manifest) ? () => checkStoredObjects(manifest, env, flags) : undefined;
    const result = await runRestore({ backup: file, databaseUrl, beforeSwap });
    console.log(`Restored ${file} into ${redactedUrl(databaseUrl)}`);
    if (result.keptAs) console.log(`The database it replaced is kept as ${result.keptAs}`);
    const integrity = dialectOf(databaseUrl) === "sqlite" ? "integrity_check ok, no missing references" : "pg_restore completed in one transaction";
    console.log(`Checks passed: ${integrity}; ${result.applied} migrations recorded`);
    if (result.pending.length > 0) console.log(`The server applies ${result.pending.length} newer migrations when it starts: ${result.pending.join(", ")}`);
  });
}

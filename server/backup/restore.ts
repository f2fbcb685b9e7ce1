/** `npm run restore -- <file>`: a backup put back into the database named by DATABASE_URL (docs/backup.md). */
import { existsSync } from "node:fs";
import { sqlitePath } from "../config";
import { dialectOf, redactedUrl } from "./database-url";
import { BackupError } from "./errors";
import { KIND_NAMES, backupKindOf } from "./file-kind";
import { restorePostgres } from "./postgres-restore";
import type { RestoredLevel } from "./restore-checks";
import { restoreSqlite } from "./sqlite-restore";

export interface RestoreResult extends RestoredLevel {
  keptAs?: string;
}

export interface RestoreOptions {
  backup: string;
  databaseUrl: string;
  /**
   * Runs after the backup's checks and before the database is replaced (on PostgreSQL, before
   * pg_restore): the check of the stored objects. Throwing, it leaves the database as it was.
   */
  beforeSwap?: () => Promise<void>;
}

export async function runRestore({ backup, databaseUrl, beforeSwap }: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(backup)) throw new BackupError(`There is no file ${backup}`);
  const kind = await backupKindOf(backup);
  if (!kind) throw new BackupError(`${backup} is not a backup: neither a SQLite database nor a pg_dump custom-format archive`);
  const target = dialectOf(databaseUrl);
  if (kind !== target) {
    throw new BackupError(
      `${backup} is a ${KIND_NAMES[kind]} backup, but DATABASE_URL (${redactedUrl(databaseUrl)}) is a ${KIND_NAMES[target]} database: ` +
        `restore it into a ${KIND_NAMES[kind]} DATABASE_URL`,
    );
  }
  const file = sqlitePath(databaseUrl);
  return file !== undefined ? restoreSqlite(backup, file, beforeSwap) : restorePostgres(backup, databaseUrl, beforeSwap);
}

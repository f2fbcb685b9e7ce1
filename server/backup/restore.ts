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

export async function runRestore({ backup, databaseUrl }: { backup: string; databaseUrl: string }): Promise<RestoreResult> {
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
  return file !== undefined ? restoreSqlite(backup, file) : restorePostgres(backup, databaseUrl);
}

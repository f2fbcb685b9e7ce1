/**
 * A SQLite backup put in place of the database file. The server must be stopped: a file replaced
 * under an open connection is corrupted, so a database in use is refused, never forced (docs/backup.md).
 */
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { BackupError } from "./errors";
import { checkSqliteFile, type RestoredLevel } from "./restore-checks";

/** SQLite's companions of a WAL-mode database file. */
const COMPANIONS = ["-wal", "-shm"];

/**
 * Every connection to a WAL-mode database holds a shared lock on its file while it is open, so an
 * exclusive lock taken at once (no waiting) is refused exactly when another connection, the server's,
 * is open (on this machine).
 */
function refuseIfInUse(file: string): void {
  if (!existsSync(file)) return;
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE; COMMIT");
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new BackupError(`The database ${file} is open in another process (is the server running?): stop the server, then restore`);
    }
    throw new BackupError(`${file} cannot be replaced: ${(error as Error).message}`);
  } finally {
    probe.close();
  }
}

export interface SqliteRestoreResult extends RestoredLevel {
  /** Where the database that was replaced has been kept. */
  keptAs?: string;
}

/** `beforeSwap` runs once the copy has passed its checks, before anything is replaced; throwing, it leaves the database as it was. */
export async function restoreSqlite(backup: string, file: string, beforeSwap?: () => Promise<void>): Promise<SqliteRestoreResult> {
  if (file === ":memory:") throw new BackupError("DATABASE_URL names an in-memory database: restore into a file (sqlite:<path>)");
  await mkdir(dirname(file), { recursive: true });
  refuseIfInUse(file);
  // Checked under another name first: the database is replaced only by a copy that passed.
  const incoming = `${file}.restoring`;
  const removeIncoming = () => Promise.all(["", ...COMPANIONS].map((end) => rm(incoming + end, { force: true })));
  await removeIncoming();
  try {
    await copyFile(backup, incoming);
    const level = await checkSqliteFile(incoming);
    await beforeSwap?.();
    refuseIfInUse(file);
    let keptAs: string | undefined;
    if (existsSync(file)) {
      keptAs = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      for (const end of ["", ...COMPANIONS]) if (existsSync(file + end)) await rename(file + end, keptAs + end);
    }
    await rename(incoming, file);
    return { ...level, keptAs };
  } finally {
    await removeIncoming();
  }
}

/** A SQLite database copied through SQLite's online backup API, while the server goes on serving. */
import { existsSync } from "node:fs";
import SQLite from "better-sqlite3";
import { BackupError } from "./errors";

/**
 * Every page in one step, so one read transaction sees the whole copy: in WAL mode that blocks no
 * writer, and a write by the server cannot make the copy start over (it would between steps of a
 * few pages, over and over on a busy server).
 */
const ALL_PAGES = 0x7fffffff;

export async function backupSqlite(file: string, out: string): Promise<{ pages: number }> {
  if (!existsSync(file)) throw new BackupError(`There is no database at ${file} (DATABASE_URL=sqlite:${file})`);
  const source = new SQLite(file, { fileMustExist: true, timeout: 5000 });
  try {
    const { totalPages } = await source.backup(out, { progress: () => ALL_PAGES });
    return { pages: totalPages };
  } finally {
    source.close();
  }
}

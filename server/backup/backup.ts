/** `npm run backup -- --out <file>`: the database named by DATABASE_URL into one file (docs/backup.md). */
import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { sqlitePath } from "../config";
import { BackupError } from "./errors";
import { type StoredObject, objectManifestPath, writeObjectManifest } from "./object-manifest";
import { backupPostgres } from "./postgres-backup";
import { backupSqlite } from "./sqlite-backup";

/** The documents kept in object storage (STORAGE_URL), listed by the storage module: the objects the database refers to. */
export interface StoredObjects {
  storageUrl: string;
  referenced(): AsyncIterable<StoredObject>;
}

export interface BackupOptions {
  databaseUrl: string;
  out: string;
  /** Set when documents live in object storage: their manifest is written beside the backup. */
  storedObjects?: StoredObjects;
}

export interface BackupResult {
  out: string;
  bytes: number;
  manifest?: { file: string; objects: number };
}

export async function runBackup({ databaseUrl, out, storedObjects }: BackupOptions): Promise<BackupResult> {
  if (existsSync(out)) throw new BackupError(`${out} exists already: name a new file (a backup never overwrites one)`);
  if (storedObjects && existsSync(objectManifestPath(out))) throw new BackupError(`${objectManifestPath(out)} exists already: name a new backup file`);
  await mkdir(dirname(out), { recursive: true });
  // Written under another name first, so a file named as the backup is always a whole one.
  const partial = `${out}.partial`;
  await rm(partial, { force: true });
  try {
    const file = sqlitePath(databaseUrl);
    if (file === ":memory:") throw new BackupError("DATABASE_URL names an in-memory database: there is nothing on disk to back up");
    if (file !== undefined) await backupSqlite(file, partial);
    else await backupPostgres(databaseUrl, partial);
    await rename(partial, out);
  } finally {
    await rm(partial, { force: true });
  }
  const { size } = await stat(out);
  if (!storedObjects) return { out, bytes: size };
  const objects = await writeObjectManifest(out, storedObjects.referenced(), storedObjects.storageUrl);
  return { out, bytes: size, manifest: { file: objectManifestPath(out), objects } };
}

/**
 * With documents in object storage, the database backup holds only their keys: beside it goes
 * `<backup>.objects.json`, the objects the database refers to (key, size, sha256), so that a restore
 * can be checked against the bucket (docs/backup.md "Object storage").
 */
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

export const objectManifestPath = (backupFile: string): string => `${backupFile}.objects.json`;

/**
 * The hook object storage fills in: writes the manifest of `objects` beside `backupFile`, one object a
 * line as they come (a large store is never held in memory), and answers how many it wrote.
 */
export async function writeObjectManifest(backupFile: string, objects: AsyncIterable<StoredObject>, storageUrl: string): Promise<number> {
  const file = objectManifestPath(backupFile);
  const partial = `${file}.partial`;
  let count = 0;
  async function* lines() {
    yield `{"storage":${JSON.stringify(storageUrl)},"createdAt":${JSON.stringify(new Date().toISOString())},"objects":[`;
    for await (const { key, size, sha256 } of objects) {
      yield `${count === 0 ? "" : ","}\n${JSON.stringify({ key, size, sha256 })}`;
      count++;
    }
    yield `\n],"count":${count}}\n`;
  }
  try {
    await pipeline(Readable.from(lines()), createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return count;
}

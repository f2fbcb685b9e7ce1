/**
 * A restore's check of `<backup>.objects.json` against the bucket (docs/backup.md "Documents in object
 * storage"): every object the manifest lists must be in the bucket with its size (a HEAD each), and,
 * asked for, its SHA-256 (a GET each). The manifest is read a line at a time, as its writer puts one
 * object a line, and checked a few objects at a time, so a large store is never held in memory.
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { BackupError } from "./errors";
import type { StoredObject } from "./object-manifest";

/** The bucket as the check sees it: an object's size, or its size and SHA-256 read whole; undefined when there is no such object. */
export interface ObjectProbe {
  size(key: string): Promise<number | undefined>;
  digest(key: string): Promise<{ size: number; sha256: string } | undefined>;
}

export interface ManifestHeader {
  storage: string;
  createdAt?: string;
}

export type ObjectProblem =
  | { kind: "missing"; key: string }
  | { kind: "size"; key: string; expected: number; found: number }
  | { kind: "sha256"; key: string };

export interface ObjectCheckResult {
  header: ManifestHeader;
  checked: number;
  /** Every problem found... */
  problems: number;
  /** ...of which the first SHOWN_PROBLEMS, in the order they were found. */
  shown: ObjectProblem[];
}

/** HEAD (or GET) requests in flight at once. */
export const CHECK_CONCURRENCY = 16;
/** Problems named one by one; the rest are counted. */
export const SHOWN_PROBLEMS = 20;
/** A manifest not laid out one object a line (edited, reformatted) is read whole up to this size. */
const WHOLE_MANIFEST_LIMIT = 256 * 1024 * 1024;

const SHA256 = /^[0-9a-f]{64}$/;

function checkedObject(value: unknown, where: string): StoredObject {
  const o = value as Partial<StoredObject> | null;
  if (!o || typeof o.key !== "string" || o.key === "" || !Number.isSafeInteger(o.size) || o.size! < 0 || typeof o.sha256 !== "string" || !SHA256.test(o.sha256)) {
    throw new BackupError(`${where} is not an object of the manifest (key, size, sha256)`);
  }
  return { key: o.key, size: o.size!, sha256: o.sha256 };
}

function parsed(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError(`${where} is not valid JSON`);
  }
}

/** The manifest's first line as writeObjectManifest writes it: `{"storage":...,"createdAt":...,"objects":[`. */
function headerOf(line: string, file: string): ManifestHeader | undefined {
  if (!line.startsWith("{") || !line.endsWith('"objects":[')) return undefined;
  const header = parsed(`${line}]}`, `The first line of ${file}`) as { storage?: unknown; createdAt?: unknown };
  if (typeof header.storage !== "string") throw new BackupError(`${file} does not name its storage: it is not an object manifest`);
  return { storage: header.storage, createdAt: typeof header.createdAt === "string" ? header.createdAt : undefined };
}

/**
 * The manifest's header, then its objects as they are read. A manifest in the writer's layout is read
 * a line at a time; any other valid one is read whole (up to WHOLE_MANIFEST_LIMIT). Its count must match.
 */
export async function openObjectManifest(file: string): Promise<{ header: ManifestHeader; objects: AsyncIterable<StoredObject> }> {
  const first = await firstLine(file);
  const header = headerOf(first, file);
  if (header) return { header, objects: objectLines(file) };
  const { size } = await stat(file);
  if (size > WHOLE_MANIFEST_LIMIT) throw new BackupError(`${file} is not laid out one object a line, and too large to read whole`);
  const whole = parsed(await readFile(file, "utf8"), file) as { storage?: unknown; createdAt?: unknown; objects?: unknown; count?: unknown };
  if (typeof whole?.storage !== "string" || !Array.isArray(whole.objects)) throw new BackupError(`${file} is not an object manifest ({"storage", "objects": [...]})`);
  const objects = whole.objects.map((o, i) => checkedObject(o, `Object ${i + 1} of ${file}`));
  if (whole.count !== undefined && whole.count !== objects.length) throw new BackupError(`${file} lists ${objects.length} objects but says ${String(whole.count)}: it is incomplete`);
  return {
    header: { storage: whole.storage, createdAt: typeof whole.createdAt === "string" ? whole.createdAt : undefined },
    objects: (async function* () {
      yield* objects;
    })(),
  };
}

async function firstLine(file: string): Promise<string> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8", end: 64 * 1024 }), crlfDelay: Infinity });
  try {
    for await (const line of lines) return line.trim();
    return "";
  } finally {
    lines.close();
  }
}

async function* objectLines(file: string): AsyncGenerator<StoredObject> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let number = 0;
  let count = 0;
  let ended = false;
  try {
    for await (const raw of lines) {
      number++;
      if (number === 1) continue;
      const line = raw.trim();
      if (line === "") continue;
      const where = `Line ${number} of ${file}`;
      if (ended) throw new BackupError(`${where} comes after the end of the list`);
      if (line.startsWith("]")) {
        const end = parsed(`{"objects":[${line}`, where) as { count?: unknown };
        if (end.count !== count) throw new BackupError(`${file} lists ${count} objects but says ${String(end.count)}: it is incomplete`);
        ended = true;
        continue;
      }
      yield checkedObject(parsed(line.endsWith(",") ? line.slice(0, -1) : line, where), where);
      count++;
    }
  } finally {
    lines.close();
  }
  if (!ended) throw new BackupError(`${file} ends before its list does (after ${count} objects): it is incomplete`);
}

/**
 * Checks each object the manifest lists against the bucket, CHECK_CONCURRENCY at a time. Problems are
 * counted, the first SHOWN_PROBLEMS kept to be named; a request that fails otherwise (no access, no
 * answer) stops the check with a BackupError, as the bucket could then not be checked.
 */
export async function checkObjects(file: string, probe: ObjectProbe, { verifyHashes = false, concurrency = CHECK_CONCURRENCY } = {}): Promise<ObjectCheckResult> {
  const { header, objects } = await openObjectManifest(file);
  const listed = objects[Symbol.asyncIterator]();
  const result: ObjectCheckResult = { header, checked: 0, problems: 0, shown: [] };
  const found = (problem: ObjectProblem) => {
    result.problems++;
    if (result.shown.length < SHOWN_PROBLEMS) result.shown.push(problem);
  };
  let failed = false;
  async function worker(): Promise<void> {
    // The workers share one reader of the manifest: an async generator answers its calls in turn.
    while (!failed) {
      const next = await listed.next();
      if (next.done) return;
      const { key, size, sha256 } = next.value;
      try {
        if (verifyHashes) {
          const there = await probe.digest(key);
          if (!there) found({ kind: "missing", key });
          else if (there.size !== size) found({ kind: "size", key, expected: size, found: there.size });
          else if (there.sha256 !== sha256) found({ kind: "sha256", key });
        } else {
          const there = await probe.size(key);
          if (there === undefined) found({ kind: "missing", key });
          else if (there !== size) found({ kind: "size", key, expected: size, found: there });
        }
      } catch (error) {
        throw new BackupError(`The object ${key} could not be checked: ${(error as Error).message}`);
      }
      result.checked++;
    }
  }
  const workers = Array.from({ length: Math.max(1, concurrency) }, () =>
    worker().catch((error) => {
      failed = true;
      throw error;
    }),
  );
  const settled = await Promise.allSettled(workers);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failure) {
    await listed.return?.(undefined); // closes the manifest's file
    throw failure.reason;
  }
  return result;
}

/** One line per problem, as the restore prints them. */
export function describeProblem(problem: ObjectProblem): string {
  switch (problem.kind) {
    case "missing":
      return `missing: ${problem.key}`;
    case "size":
      return `wrong size: ${problem.key} (${problem.found} bytes in the bucket, ${problem.expected} in the manifest)`;
    case "sha256":
      return `changed: ${problem.key} (its SHA-256 differs from the manifest's)`;
  }
}

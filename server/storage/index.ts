/**
 * Where stored files' bytes live (docs/storage.md): in their database row (the default), or, with
 * STORAGE_URL set, in an object of the bucket named by the row's `object_key`. Writes put the objects
 * first (with object storage, streamed as the request is read), then commit the rows; objects a write
 * replaced are deleted once it has committed, and those of a request that fails are deleted with it.
 */
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { ObjectStorageConfig } from "../config";
import type { DB } from "../db/schema";
import type { FileSink, StoredObject, UploadedFile } from "../http/multipart";
import type { UploadContentType } from "../../src/contract";
import { type DocumentTable, rowSlices } from "./database";
import { ObjectStore } from "./s3";

export { DOCUMENT_TABLES, type DocumentTable, SLICE_BYTES } from "./database";
export { referencedObjectKeys } from "./referenced-keys";

/** A new file's `bytes` and `object_key` columns. */
export interface FileColumns {
  bytes: Buffer;
  object_key: string | null;
}

/** A stored file's row, as far as reading its bytes goes. */
export interface StoredFileRef {
  id: number;
  object_key: string | null;
  /** length(bytes): the file's size when the row holds it. */
  length: number;
}

/** A file to store, and the words its object's key starts with (after the prefix). */
export interface FileToStore {
  file: UploadedFile;
  place: string[];
}

/** What a write's transaction sees of its files: their columns, and where to say which objects it dropped. */
export class FileWrite<K> {
  readonly dropped: string[] = [];
  private readonly used = new Set<K>();
  constructor(private readonly stored: Map<K, FileColumns>) {}

  columns(key: K): FileColumns {
    const columns = this.stored.get(key);
    if (!columns) throw new Error(`No file was stored for ${String(key)}`);
    this.used.add(key);
    return columns;
  }

  /** Objects put for files whose row the write did not write (a change that changed nothing). */
  unused(): string[] {
    return [...this.stored].flatMap(([key, c]) => (c.object_key && !this.used.has(key) ? [c.object_key] : []));
  }

  /** Objects of rows this write deletes or replaces: deleted once the write has committed. */
  drop(keys: readonly (string | null)[]): void {
    for (const key of keys) if (key) this.dropped.push(key);
  }
}

const EMPTY = Buffer.alloc(0);

/** The objects streamed to the bucket for one request (DocumentStorage.sinkFor). */
class RequestUploads implements FileSink {
  readonly objects: StoredObject[] = [];
  constructor(
    private readonly storage: DocumentStorage,
    private readonly place: (field: string) => string[],
  ) {}

  async store(field: string, contentType: UploadContentType, body: AsyncIterable<Buffer>): Promise<StoredObject> {
    const stored = { key: await this.storage.putStream(this.place(field), contentType, body), claimed: false };
    this.objects.push(stored);
    return stored;
  }
}

export class DocumentStorage {
  private readonly uploads = new WeakMap<object, RequestUploads>();

  /** `objects` undefined keeps new files in the database. */
  constructor(
    readonly objects: ObjectStore | undefined,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  /**
   * With object storage, where the request's file parts go as they arrive: each is streamed into a new
   * object under `place(field)` (docs/storage.md "Uploads"). The objects are the request's until a
   * `write` takes them: if the request fails first, `discardUploads` deletes them. Undefined without
   * object storage: files are read whole into memory, as their rows will hold them.
   */
  sinkFor(request: object, place: (field: string) => string[]): FileSink | undefined {
    if (!this.objects) return undefined;
    const uploads = new RequestUploads(this, place);
    this.uploads.set(request, uploads);
    return uploads;
  }

  /**
   * Deletes the objects streamed for a request that no write has taken (best effort): the request
   * failed, or answered without writing them. Called by the app's onError and onResponse hooks.
   */
  async discardUploads(request: object): Promise<void> {
    const uploads = this.uploads.get(request);
    if (!uploads) return;
    const left = uploads.objects.splice(0).filter((o) => !o.claimed);
    await this.deleteObjects(left.map((o) => o.key));
  }

  /** Streams a file's bytes into a new object under `place` as they arrive, answering its key. */
  async putStream(place: string[], contentType: string, body: AsyncIterable<Buffer>): Promise<string> {
    if (!this.objects) throw new Error("A streamed upload needs object storage, but STORAGE_URL is not set");
    const key = this.objects.newKey(...place);
    await this.objects.putStream(key, body, contentType);
    return key;
  }

  /**
   * Stores one file where new files go, answering its row's columns. A file streamed to the bucket
   * already is not stored again: from here on, the write it is for answers for its object.
   */
  async put({ file, place }: FileToStore): Promise<FileColumns> {
    if (file.stored) {
      file.stored.claimed = true;
      return { bytes: EMPTY, object_key: file.stored.key };
    }
    if (!this.objects) return { bytes: file.bytes, object_key: null };
    const key = this.objects.newKey(...place);
    await this.objects.put(key, file.bytes, file.contentType);
    return { bytes: EMPTY, object_key: key };
  }

  /**
   * Puts the files (those streamed already are taken as they are), then runs `write` (a transaction
   * writing their rows). A write that fails deletes the objects put for it; one that commits deletes the
   * objects it dropped (and those put for rows it did not write). Deletes are best effort: one that
   * fails leaves an orphan object, which is logged (docs/storage.md).
   */
  async write<K, T>(files: Map<K, FileToStore>, write: (files: FileWrite<K>) => Promise<T>): Promise<T> {
    const stored = new Map<K, FileColumns>();
    const results = await Promise.allSettled(
      [...files].map(async ([key, file]) => {
        stored.set(key, await this.put(file));
      }),
    );
    const putKeys = () => [...stored.values()].flatMap((c) => (c.object_key ? [c.object_key] : []));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) {
      await this.deleteObjects(putKeys());
      throw failed.reason;
    }
    const fileWrite = new FileWrite(stored);
    let result: T;
    try {
      result = await write(fileWrite);
    } catch (error) {
      await this.deleteObjects(putKeys());
      throw error;
    }
    await this.deleteObjects([...fileWrite.dropped, ...fileWrite.unused()]);
    return result;
  }

  /** A stored file's bytes in pieces: slices of its row, or its object as it arrives. */
  async *pieces(db: Kysely<DB>, table: DocumentTable, row: StoredFileRef): AsyncGenerator<Buffer> {
    if (!row.object_key) {
      yield* rowSlices(db, table, row.id, Number(row.length));
      return;
    }
    const stream = await this.store(row.object_key).read(row.object_key);
    try {
      for await (const chunk of stream) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    } finally {
      stream.destroy();
    }
  }

  /** An object's bytes as they arrive. */
  objectStream(key: string): Promise<Readable> {
    return this.store(key).read(key);
  }

  /** A stored file whole, from the row's bytes or its object. */
  async whole(row: { bytes: Buffer; object_key: string | null }): Promise<Buffer> {
    return row.object_key ? this.store(row.object_key).readWhole(row.object_key) : Buffer.from(row.bytes);
  }

  /** Best effort: a failure is logged, never thrown (the write it follows has committed). */
  async deleteObjects(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const objects = this.objects;
    if (!objects) return this.warn(`Objects ${keys.join(", ")} were not deleted: STORAGE_URL is not set (docs/storage.md)`);
    await Promise.all(
      keys.map((key) =>
        objects.delete(key).catch((error: unknown) => this.warn(`Object ${key} could not be deleted and is left orphaned: ${error instanceof Error ? error.message : String(error)}`)),
      ),
    );
  }

  close(): void {
    this.objects?.close();
  }

  private store(key: string): ObjectStore {
    if (!this.objects) throw new Error(`Stored file ${key} is in object storage, but STORAGE_URL is not set`);
    return this.objects;
  }
}

/** The storage the settings name: the bucket of STORAGE_URL, or the database. */
export const openStorage = (config: ObjectStorageConfig | undefined, warn?: (message: string) => void): DocumentStorage =>
  new DocumentStorage(config ? new ObjectStore(config) : undefined, warn);

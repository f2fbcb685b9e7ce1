/**
 * Objects in an S3 bucket (STORAGE_URL, S3_ENDPOINT: docs/storage.md): put, read as a stream, delete,
 * list, under the configured prefix.
 */
import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NotFound, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ObjectStorageConfig } from "../config";

/**
 * Objects read at once per node (the SDK's default pool has 50): get-attachments replies in flight,
 * at most ATTACHMENT_REPLIES_PER_USER per user, and file downloads.
 */
const READ_CONNECTIONS = 256;

/** A streamed upload's part: S3's smallest, so a file in flight holds about this much (5 MiB). */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

/** An object as a listing shows it. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** The most keys one ListObjectsV2 answers (S3 never sends more). */
export const LIST_PAGE_MAX = 1000;

export class ObjectStore {
  /** Puts and deletes. */
  private readonly client: S3Client;
  /**
   * Reads, on a pool of their own: a reply holds its object's connection for as long as its client
   * takes to read it, so slow downloads must not keep uploads waiting for a connection.
   */
  private readonly reader: S3Client;
  readonly bucket: string;
  private readonly prefix: string;

  constructor(config: ObjectStorageConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    const settings = {
      region: config.region,
      endpoint: config.endpoint,
      // S3-compatible servers (MinIO, s3rver, Ceph) answer at <endpoint>/<bucket>, not at <bucket>.<endpoint>.
      forcePathStyle: config.endpoint !== undefined,
      credentials: config.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's newer defaults.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    } as const;
    this.client = new S3Client(settings);
    const agent = { keepAlive: true, maxSockets: READ_CONNECTIONS };
    this.reader = new S3Client({ ...settings, requestHandler: { httpAgent: agent, httpsAgent: agent } });
  }

  /** A key no other upload has: <prefix>/<place...>/<uuid>. */
  newKey(...place: string[]): string {
    return [this.prefix, ...place.map((part) => encodeURIComponent(part)), randomUUID()].filter(Boolean).join("/");
  }

  /**
   * Sends the bytes as one PUT (storage:move, or a write given whole files); the store refuses bytes
   * that do not match their MD5.
   */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const md5 = createHash("md5").update(bytes).digest("base64");
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: contentType, ContentMD5: md5 }));
  }

  /**
   * Sends the bytes as they come, their length unknown: lib-storage's Upload gathers them into parts of
   * UPLOAD_PART_BYTES, one part in flight at a time. A body that fits one part is one PUT at its end; a
   * longer one a multipart upload, aborted (its parts deleted) when the body throws or a part fails.
   * Either way a failed upload leaves no object. No Content-MD5: the length and digest are not known
   * before the last byte (the caller hashes the bytes with SHA-256 as they pass).
   */
  async putStream(key: string, body: AsyncIterable<Buffer>, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(body, { objectMode: false }), ContentType: contentType },
      partSize: UPLOAD_PART_BYTES,
      queueSize: 1,
    });
    await upload.done();
  }

  /** The object's bytes as they arrive from the store; read it to the end or destroy it. */
  async read(key: string): Promise<Readable> {
    const reply = await this.reader.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!reply.Body) throw new Error(`Object ${key} has no body`);
    return reply.Body as Readable;
  }

  async readWhole(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.read(key)) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  /** The object's size (a HEAD request), or undefined when there is no such object. */
  async size(key: string): Promise<number | undefined> {
    try {
      const reply = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return reply.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The object's size and SHA-256, its bytes read as they come; undefined when there is no such object. */
  async digest(key: string): Promise<{ size: number; sha256: string } | undefined> {
    let body: Readable;
    try {
      body = await this.read(key);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    const hash = createHash("sha256");
    let size = 0;
    for await (const chunk of body) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { size, sha256: hash.digest("hex") };
  }

  /** Deleting a key that does not exist succeeds, as S3 answers it. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * The objects under `<prefix>/<folder>/` (the whole prefix without `folder`), a page of at most
   * `pageSize` keys at a time, in key order: only one page is held at once.
   */
  async *listPages(folder?: string, pageSize = LIST_PAGE_MAX): AsyncGenerator<ListedObject[]> {
    const under = [this.prefix, folder].filter(Boolean).join("/");
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: under ? `${under}/` : undefined, MaxKeys: Math.min(pageSize, LIST_PAGE_MAX), ContinuationToken: token }),
      );
      // S3 always sends LastModified; without it an object counts as new, so a sweep keeps it.
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date() }] : []));
      if (objects.length > 0) yield objects;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
    this.reader.destroy();
  }
}

/** S3 answers a HEAD of a missing key 404 without a body (NotFound), a GET with NoSuchKey. */
function isNotFound(error: unknown): boolean {
  return error instanceof NotFound || error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;
}

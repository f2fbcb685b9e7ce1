/**
 * An S3-compatible server for the tests (s3rver): a free loopback port, a temp folder, one bucket,
 * the settings that point the app at it (as config and as environment variables), a look into the
 * bucket, and stop + delete afterwards. s3rver takes any credentials; these are its documented ones.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { ObjectStorageConfig } from "../../server/config";

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** The app's settings for `prefix` (a prefix per test suite keeps suites apart in one bucket). */
  config(prefix?: string): ObjectStorageConfig;
  /** The same as environment variables, for a child process (npm run storage:move, the server). */
  env(prefix?: string): Record<string, string>;
  /** Every key under the prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  /** Replaces (or adds) an object behind the app's back, as a damaged bucket would have it. */
  write(key: string, bytes: Buffer): Promise<void>;
  /** Removes an object behind the app's back. */
  remove(key: string): Promise<void>;
  stop(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const REGION = "us-east-1";

export async function startS3(bucket = "documents"): Promise<RunningS3> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: REGION, endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    bucket,
    config: (prefix = "") => ({ bucket, prefix, endpoint, region: REGION, credentials: CREDENTIALS }),
    env: (prefix = "") => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async keys(prefix = "") {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix ? `${prefix}/` : undefined, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async read(key) {
      const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await reply.Body!.transformToByteArray());
    },
    async write(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * STORAGE_URL, S3_ENDPOINT and AWS_REGION (docs/storage.md "Settings"): unset keeps documents in the
 * database; set, they are read into the app's config; a bad one stops the server with a message
 * naming the setting.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, objectStorageFrom } from "../../server/config";
import { openStorage } from "../../server/storage";

const base = { JWT_SECRET: "a-secret-that-is-long-enough-for-tests-0123", DATABASE_URL: "sqlite::memory:" };

describe("object storage settings", () => {
  it("keeps documents in the database when STORAGE_URL is unset or empty", () => {
    expect(loadConfig(base).app.storage).toBeUndefined();
    expect(loadConfig({ ...base, STORAGE_URL: "" }).app.storage).toBeUndefined();
    expect(openStorage(undefined).objects).toBeUndefined();
  });

  it("reads the bucket, the prefix without its slashes, the endpoint and the region (us-east-1 by default)", () => {
    expect(loadConfig({ ...base, STORAGE_URL: "s3://agency-docs/prod/documents/" }).app.storage).toEqual({
      bucket: "agency-docs",
      prefix: "prod/documents",
      endpoint: undefined,
      region: "us-east-1",
    });
    expect(objectStorageFrom({ STORAGE_URL: "s3://docs", S3_ENDPOINT: "http://minio:9000", AWS_REGION: "ap-south-1" })).toEqual({
      bucket: "docs",
      prefix: "",
      endpoint: "http://minio:9000",
      region: "ap-south-1",
    });
  });

  it.each([
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_ENDPOINT is set but STORAGE_URL is not"],
    [{ STORAGE_URL: "https://bucket.s3.amazonaws.com/x" }, 'STORAGE_URL must be s3://bucket or s3://bucket/prefix, got "https://bucket.s3.amazonaws.com/x"'],
    [{ STORAGE_URL: "s3://Agency_Docs" }, 'STORAGE_URL\'s bucket must be 3 to 63 lower-case letters, digits, dots or hyphens, got "Agency_Docs"'],
    [{ STORAGE_URL: "s3://docs/a//b" }, "STORAGE_URL's prefix must be folder names separated by single slashes"],
    [{ STORAGE_URL: "s3://docs", S3_ENDPOINT: "minio:9000" }, 'S3_ENDPOINT must be an http:// or https:// URL without a path, such as http://minio:9000, got "minio:9000"'],
    [{ STORAGE_URL: "s3://docs", S3_ENDPOINT: "http://minio:9000/docs" }, "S3_ENDPOINT must be an http:// or https:// URL without a path"],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

/** Settings from the environment (README "Configuration"). Bad settings throw ConfigError. */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, resolve } from "node:path";
import { MAX_IMPORT_MB_DEFAULT, MAX_IMPORT_ROWS_DEFAULT } from "../src/contract";
import type { AnyDataResource } from "../src/resources/model";

export interface AppConfig {
  databaseUrl: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  corsOrigin?: string[];
  maxUploadBytes: number;
  production: boolean;
  /** Folder of the built web app; served with an index.html fallback when set. */
  staticDir?: string;
  /** Seed demo data into an empty embedded database. */
  seedDemoData: boolean;
  bootstrapAdmin?: { username: string; password: string };
  logger: boolean;
  /** TRUST_PROXY: which connecting addresses may set X-Forwarded-For/-Proto/-Host; off when undefined. */
  trustProxy?: TrustProxy;
  /** Limits against abuse (README "Configuration"); a missing one takes its DEFAULT_LIMITS value. */
  limits?: Partial<ServerLimits>;
  /** Session limits (SESSION_IDLE_TIMEOUT, SESSION_MAX_AGE, REFRESH_GRACE_PERIOD); defaults in SESSION_DEFAULTS. */
  sessionIdleSeconds?: number;
  sessionMaxAgeSeconds?: number;
  refreshGraceSeconds?: number;
  /** The time in milliseconds, for tests that move it; Date.now otherwise. */
  clock?: () => number;
  /**
   * Tests: every reply is checked against its route's documented schema (server/http/reply-check.ts);
   * one that does not match answers 500 naming the route, the status and the issue.
   */
  checkReplies?: boolean;
  /** The declared resources the API serves: src/resources/declared.ts's unless a test declares its own. */
  declaredResources?: readonly AnyDataResource[];
  /** Seconds between the live streams' heartbeats: LIVE_HEARTBEAT_SECONDS unless a test shortens them. */
  liveHeartbeatSeconds?: number;
  /** Folders of more migrations, run with server/db/migrations' in name order (a test's generated ones). */
  extraMigrationFolders?: readonly string[];
  /** STORAGE_URL and S3_ENDPOINT: documents in object storage (docs/storage.md); in the database when undefined. */
  storage?: ObjectStorageConfig;
}

/** Where documents go when STORAGE_URL is set (docs/storage.md). */
export interface ObjectStorageConfig {
  bucket: string;
  /** Prepended to every key, without a trailing slash; "" for none. */
  prefix: string;
  /** S3_ENDPOINT: an S3-compatible server, addressed path-style; AWS itself when undefined. */
  endpoint?: string;
  region: string;
  /** Tests only: otherwise the SDK's default provider chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A hop count, or proxy addresses and CIDR ranges (Fastify's `trustProxy`). */
export type TrustProxy = number | string[];

export interface ServerLimits {
  /** Failed sign-ins of one username within the window before it answers 429. */
  signInMaxFailures: number;
  /** Failed sign-ins from one address (an IPv6 /64) within the window; 0 turns the address limit off. */
  signInAddressMaxFailures: number;
  signInWindowSeconds: number;
  /** A refused (429) sign-in is answered after this delay, which slows a flood down to a trickle. */
  signInThrottledDelayMs: number;
  /** Password hashes (scrypt, 32 MiB each) computed at once by this process. */
  passwordHashConcurrency: number;
  /** How long a sign-in waits for a hashing slot before answering 503. */
  passwordHashWaitMs: number;
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the request and headers time-outs (they are enforced at this granularity). */
  connectionsCheckIntervalMs: number;
  /** Open connections at once; more are closed on arrival. */
  maxConnections: number;
  /** get-attachments replies one user may have in flight on this node; more answer 429. */
  attachmentRepliesPerUser: number;
  /** Rows an Excel export may hold (its writer keeps each row's strings until the end); CSV has no cap. */
  exportXlsxMaxRows: number;
  /** MAX_IMPORT_MB: the largest spreadsheet an import takes (413 above), in bytes. */
  importMaxBytes: number;
  /** MAX_IMPORT_ROWS: data rows one import may hold (400 above). */
  importMaxRows: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  signInMaxFailures: 5,
  signInAddressMaxFailures: 30,
  signInWindowSeconds: 15 * 60,
  signInThrottledDelayMs: 1000,
  passwordHashConcurrency: 2,
  passwordHashWaitMs: 2000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckIntervalMs: 1_000,
  maxConnections: 500,
  attachmentRepliesPerUser: 2,
  exportXlsxMaxRows: 100_000,
  importMaxBytes: MAX_IMPORT_MB_DEFAULT * 1024 * 1024,
  importMaxRows: MAX_IMPORT_ROWS_DEFAULT,
};

export const limitsOf = (config: AppConfig): ServerLimits => ({ ...DEFAULT_LIMITS, ...config.limits });

/** 30 minutes without a request end a session; so do 12 hours after sign-in (ASVS 3.3). A rotated refresh token stays good for 30 s more (RFC 9700 §4.14.2). */
export const SESSION_DEFAULTS = { idleSeconds: 30 * 60, maxAgeSeconds: 12 * 3600, refreshGraceSeconds: 30 } as const;

export interface ListenConfig {
  port: number;
  host: string;
}

export class ConfigError extends Error {}

const SEVEN_DAYS = 7 * 24 * 3600;

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number (0 or more), got "${raw}"`);
  return Number(raw);
}

function serverLimits(env: NodeJS.ProcessEnv): ServerLimits {
  const d = DEFAULT_LIMITS;
  const limits: ServerLimits = {
    signInMaxFailures: positiveInt(env, "SIGN_IN_MAX_FAILURES", d.signInMaxFailures),
    signInAddressMaxFailures: wholeNumber(env, "SIGN_IN_ADDRESS_MAX_FAILURES", d.signInAddressMaxFailures),
    signInWindowSeconds: positiveInt(env, "SIGN_IN_WINDOW_SECONDS", d.signInWindowSeconds),
    signInThrottledDelayMs: wholeNumber(env, "SIGN_IN_THROTTLED_DELAY_MS", d.signInThrottledDelayMs),
    passwordHashConcurrency: positiveInt(env, "PASSWORD_HASH_CONCURRENCY", d.passwordHashConcurrency),
    passwordHashWaitMs: wholeNumber(env, "PASSWORD_HASH_WAIT_MS", d.passwordHashWaitMs),
    requestTimeoutMs: positiveInt(env, "REQUEST_TIMEOUT_MS", d.requestTimeoutMs),
    headersTimeoutMs: positiveInt(env, "HEADERS_TIMEOUT_MS", d.headersTimeoutMs),
    keepAliveTimeoutMs: positiveInt(env, "KEEP_ALIVE_TIMEOUT_MS", d.keepAliveTimeoutMs),
    connectionsCheckIntervalMs: positiveInt(env, "CONNECTIONS_CHECK_INTERVAL_MS", d.connectionsCheckIntervalMs),
    maxConnections: positiveInt(env, "MAX_CONNECTIONS", d.maxConnections),
    attachmentRepliesPerUser: positiveInt(env, "ATTACHMENT_REPLIES_PER_USER", d.attachmentRepliesPerUser),
    exportXlsxMaxRows: positiveInt(env, "EXPORT_XLSX_MAX_ROWS", d.exportXlsxMaxRows),
    importMaxBytes: positiveInt(env, "MAX_IMPORT_MB", MAX_IMPORT_MB_DEFAULT) * 1024 * 1024,
    importMaxRows: positiveInt(env, "MAX_IMPORT_ROWS", d.importMaxRows),
  };
  // Node refuses a headers time-out longer than the request time-out.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`);
  }
  return limits;
}

const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * TRUST_PROXY: unset (or "false") trusts no proxy; a whole number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses, CIDR ranges or the names loopback, linklocal, uniquelocal.
 * "true" (trust any client to say who it is) is refused.
 */
function trustProxy(raw: string | undefined): TrustProxy | undefined {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false" || value === "0") return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!TRUST_PROXY_NAMES.includes(entry) && (family === 0 || !validBits || extra !== undefined)) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.1, 10.0.0.0/8, loopback), got "${entry}"`,
      );
    }
  }
  return entries;
}

/** 0 asks the system for a free port (main prints the one it got). */
function listenPort(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  return Number(raw);
}

/**
 * CORS_ORIGIN: comma-separated exact origins, as a browser sends them in its Origin header (lower case,
 * no default port, no path), since only an exact match gets CORS headers.
 */
function corsOrigins(raw: string | undefined): string[] | undefined {
  const entries = (raw ?? "").split(",").map((o) => o.trim()).filter(Boolean);
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry || !/^https?:/.test(entry) || entry.includes("*")) {
      throw new ConfigError(`CORS_ORIGIN must list exact origins such as https://app.example.com (scheme://host[:port], no "*", no path, no trailing slash), got "${entry}"`);
    }
  }
  return entries.length > 0 ? entries : undefined;
}

/** HOST: an IP address or a host name to listen on, without scheme, port or spaces. */
function listenHost(raw: string | undefined): string {
  if (raw === undefined) return "0.0.0.0";
  const hostName = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
  if (isIP(raw) === 0 && !hostName.test(raw)) {
    throw new ConfigError(`HOST must be an IP address or a host name such as 0.0.0.0, :: or localhost, got "${raw}"`);
  }
  return raw;
}

export function sqlitePath(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith("sqlite:") ? databaseUrl.slice("sqlite:".length) : undefined;
}

/** The embedded default keeps a generated secret beside its database, created once. */
function embeddedSecret(databaseUrl: string): string {
  const file = sqlitePath(databaseUrl);
  if (!file || file === ":memory:") return randomBytes(32).toString("base64url");
  const secretFile = resolve(dirname(file), "jwt-secret");
  if (existsSync(secretFile)) return readFileSync(secretFile, "utf8").trim();
  mkdirSync(dirname(secretFile), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(secretFile, secret, { mode: 0o600 });
  return secret;
}

/** DATABASE_URL, checked; the embedded default when unset. The backup, restore and storage:move commands read it alone. */
export function databaseUrlOf(env: NodeJS.ProcessEnv = process.env): string {
  const databaseUrl = env.DATABASE_URL || "sqlite:data/app.db";
  if (!/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be "sqlite:<path>" or a postgres:// URL, got "${databaseUrl}"`);
  }
  return databaseUrl;
}

// S3's rules for a bucket's name (lower case, digits, dots and hyphens, 3 to 63 characters).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** STORAGE_URL (s3://bucket/prefix), S3_ENDPOINT and AWS_REGION; undefined keeps documents in the database. */
export function objectStorageFrom(env: NodeJS.ProcessEnv): ObjectStorageConfig | undefined {
  const raw = (env.STORAGE_URL ?? "").trim();
  const endpoint = (env.S3_ENDPOINT ?? "").trim();
  if (raw === "") {
    if (endpoint !== "") throw new ConfigError("S3_ENDPOINT is set but STORAGE_URL is not: set STORAGE_URL=s3://bucket/prefix to keep documents in object storage");
    return undefined;
  }
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(raw);
  if (!match) throw new ConfigError(`STORAGE_URL must be s3://bucket or s3://bucket/prefix, got "${raw}"`);
  const [, bucket, path = ""] = match;
  if (!BUCKET_NAME.test(bucket) || bucket.includes("..")) {
    throw new ConfigError(`STORAGE_URL's bucket must be 3 to 63 lower-case letters, digits, dots or hyphens, got "${bucket}"`);
  }
  const prefix = path.replace(/\/+$/, "");
  if (prefix !== "" && prefix.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new ConfigError(`STORAGE_URL's prefix must be folder names separated by single slashes, got "${path}"`);
  }
  if (endpoint !== "") {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || (url.pathname !== "/" && url.pathname !== "") || url.search !== "") {
      throw new ConfigError(`S3_ENDPOINT must be an http:// or https:// URL without a path, such as http://minio:9000, got "${endpoint}"`);
    }
  }
  const region = (env.AWS_REGION ?? "").trim() || "us-east-1";
  return { bucket, prefix, endpoint: endpoint === "" ? undefined : endpoint, region };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): { app: AppConfig; listen: ListenConfig } {
  const production = env.NODE_ENV === "production";
  const databaseUrl = databaseUrlOf(env);
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET !== "" && env.JWT_SECRET.length < 32) {
    throw new ConfigError("JWT_SECRET must be at least 32 characters");
  }
  if (!env.JWT_SECRET && production) throw new ConfigError("JWT_SECRET is required when NODE_ENV=production");
  // Instances sharing a PostgreSQL database must sign with one secret, and keep it across restarts.
  if (!env.JWT_SECRET && !sqlitePath(databaseUrl)) throw new ConfigError("JWT_SECRET is required with a PostgreSQL DATABASE_URL");
  const username = env.BOOTSTRAP_ADMIN_USERNAME;
  const password = env.BOOTSTRAP_ADMIN_PASSWORD;
  if (Boolean(username) !== Boolean(password)) {
    throw new ConfigError("Set both BOOTSTRAP_ADMIN_USERNAME and BOOTSTRAP_ADMIN_PASSWORD, or neither");
  }
  if (password && password.length < 6) throw new ConfigError("BOOTSTRAP_ADMIN_PASSWORD must be at least 6 characters");
  const port = listenPort(env.PORT);
  const host = listenHost(env.HOST);
  const corsOrigin = corsOrigins(env.CORS_ORIGIN);
  const accessTokenTtlSeconds = positiveInt(env, "ACCESS_TOKEN_TTL", 900);
  const maxUploadBytes = positiveInt(env, "MAX_UPLOAD_MB", 5) * 1024 * 1024;
  const limits = serverLimits(env);
  const proxies = trustProxy(env.TRUST_PROXY);
  const sessionIdleSeconds = positiveInt(env, "SESSION_IDLE_TIMEOUT", SESSION_DEFAULTS.idleSeconds);
  const sessionMaxAgeSeconds = positiveInt(env, "SESSION_MAX_AGE", SESSION_DEFAULTS.maxAgeSeconds);
  const refreshGraceSeconds = wholeNumber(env, "REFRESH_GRACE_PERIOD", SESSION_DEFAULTS.refreshGraceSeconds);
  const storage = objectStorageFrom(env);
  // Only once every setting is valid: a bad one must not leave a generated secret behind.
  const jwtSecret = env.JWT_SECRET || embeddedSecret(databaseUrl);
  return {
    app: {
      databaseUrl,
      jwtSecret,
      accessTokenTtlSeconds,
      refreshTokenTtlSeconds: SEVEN_DAYS,
      corsOrigin,
      maxUploadBytes,
      production,
      staticDir: resolve(env.STATIC_DIR || "dist"),
      seedDemoData: !production && databaseUrl.startsWith("sqlite:"),
      bootstrapAdmin: username && password ? { username, password } : undefined,
      logger: env.LOG_REQUESTS === "1",
      trustProxy: proxies,
      limits,
      sessionIdleSeconds,
      sessionMaxAgeSeconds,
      refreshGraceSeconds,
      storage,
    },
    listen: { port, host },
  };
}

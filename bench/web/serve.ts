/**
 * The app as `npm start` serves it: a production build of the web app and the server on a fresh
 * SQLite database with the demo data, on a free loopback port.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { build } from "vite";
import { buildApp } from "../../server/app";

export interface Chunk {
  file: string;
  bytes: number;
  brotliBytes: number;
}

/** Builds the web app into a folder of its own; returns the folder and its JavaScript and CSS files. */
export async function buildWebApp(): Promise<{ dir: string; chunks: Chunk[]; cleanup(): void }> {
  // BENCH_WEB_BUILD=folder measures an existing build instead (while working on the bench itself).
  const existing = process.env.BENCH_WEB_BUILD;
  if (existing) return { dir: resolve(existing), chunks: chunksOf(resolve(existing)), cleanup: () => undefined };
  mkdirSync(resolve("bench/.artifacts"), { recursive: true });
  const dir = mkdtempSync(join(resolve("bench/.artifacts"), "web-"));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: resolve("."), mode: "production", logLevel: "warn", build: { outDir: dir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return { dir, chunks: chunksOf(dir), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function chunksOf(dir: string): Chunk[] {
  const assets = join(dir, "assets");
  return readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const content = readFileSync(join(assets, f));
      const br = join(assets, `${f}.br`);
      const brotliBytes = statSync(br, { throwIfNoEntry: false })?.size ?? brotliCompressSync(content).length;
      return { file: `assets/${f}`, bytes: content.length, brotliBytes };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

export async function serve(webDir: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-web-db-"));
  const { app } = await buildApp({
    databaseUrl: `sqlite:${join(dataDir, "app.db")}`,
    jwtSecret: "bench-web-secret-0123456789-abcdefghijkl",
    // Long enough that no token expires during the bench: every visit reuses one sign-in per account.
    accessTokenTtlSeconds: 4 * 3600,
    refreshTokenTtlSeconds: 7 * 24 * 3600,
    maxUploadBytes: 5 * 1024 * 1024,
    production: false,
    staticDir: webDir,
    seedDemoData: true,
    logger: false,
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    async stop() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

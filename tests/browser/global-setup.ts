/** Builds the web app once for all browser tests; each test file serves it from its own server. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    webDir: string;
  }
}

export default async function setup(project: TestProject) {
  // A folder of its own per run, so two runs at once never serve each other's half-written build.
  mkdirSync(resolve("tests/.artifacts"), { recursive: true });
  const outDir = mkdtempSync(join(resolve("tests/.artifacts"), "web-"));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's and antd's development builds;
  // the tests should drive what `npm start` serves.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: resolve("."), mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  project.provide("webDir", outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

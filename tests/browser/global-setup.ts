/** Builds the web app once for all browser tests; each test file serves it from its own server. */
import { resolve } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    webDir: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = resolve("tests/.artifacts/web");
  await build({ root: resolve("."), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  project.provide("webDir", outDir);
}

/**
 * `npm start`'s first step: builds the web app only when dist/ is stale (build-info.ts); otherwise
 * it says so and returns at once.
 */
import { resolve } from "node:path";
import { build } from "vite";
import { staleReason } from "./build-info";

const root = resolve(".");
const distDir = resolve(process.env.STATIC_DIR ?? "dist");
const reason = staleReason(root, distDir);
if (reason) {
  console.log(`Building the web app (${reason})...`);
  await build({ root, build: { outDir: distDir, emptyOutDir: true } });
} else {
  console.log(`The web app in ${distDir} is up to date; not building it again.`);
}

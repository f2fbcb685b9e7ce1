/**
 * `npm start`'s first step: builds the web app only when dist/ is missing or older than what it is
 * built from (the app's sources, index.html, public/, the Vite config, the installed packages) or was
 * built with other VITE_ settings. Otherwise it says so and returns at once.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** What the build reads: a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = ["src", "public", "index.html", "vite.config.ts", "package.json", "package-lock.json", "tsconfig.json"];
export const BUILD_INFO = ".build-info.json";

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The VITE_ settings a build bakes in. */
export function viteSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith("VITE_") && value !== undefined).sort() as [string, string][]);
}

/** Why dist/ must be built again, or undefined when it is up to date. */
export function staleReason(root: string, distDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const info = join(distDir, BUILD_INFO);
  if (!existsSync(join(distDir, "index.html")) || !existsSync(info)) return "no build yet";
  const built = statSync(info).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtime(join(root, input)) > built);
  if (changed) return `${changed} changed since the last build`;
  const settings = (JSON.parse(readFileSync(info, "utf8")) as { vite?: Record<string, string> }).vite ?? {};
  if (JSON.stringify(settings) !== JSON.stringify(viteSettings(env))) return "the VITE_ settings changed";
  return undefined;
}

/** Notes what the build in `distDir` was made from (read by staleReason); every build does, from vite.config.ts. */
export function recordBuild(distDir: string, env: NodeJS.ProcessEnv = process.env): void {
  writeFileSync(join(distDir, BUILD_INFO), `${JSON.stringify({ builtAt: new Date().toISOString(), vite: viteSettings(env) })}\n`);
}

async function main() {
  const root = resolve(".");
  const distDir = resolve(process.env.STATIC_DIR ?? "dist");
  const reason = staleReason(root, distDir);
  if (!reason) {
    console.log(`The web app in ${distDir} is up to date; not building it again.`);
    return;
  }
  console.log(`Building the web app (${reason})...`);
  const { build } = await import("vite");
  await build({ root, build: { outDir: distDir, emptyOutDir: true } });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * What a build of the web app was made from, noted in dist/ by every build (vite.config.ts), and
 * whether dist/ is stale: older than the app's sources, index.html, public/, the Vite config or the
 * installed packages, or built with other VITE_ settings. Read by `npm start` (build-if-stale.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the build reads: a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = ["src", "public", "index.html", "vite.config.ts", "scripts", "package.json", "package-lock.json", "tsconfig.json"];
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

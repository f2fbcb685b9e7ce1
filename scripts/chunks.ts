/**
 * How the web app's build is cut into files (vite.config.ts, Rollup's manualChunks): what a sign-in
 * and a signed-in start-up load first, in as few files as makes sense (docs/web-performance.md).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** React's own modules: a chunk of their own, and never part of the start-up's chunks. */
const REACT = /\/node_modules\/(react|react-dom|scheduler)\//;

/** A library's index that re-exports every component: reached through it, all of antd would count as imported. */
const BARREL = /\/node_modules\/(antd\/es|@ant-design\/icons\/es)\/index\.js$/;

/** Every module `entry` imports, directly or not, by static imports (not behind a barrel); `entry` itself not. */
function importsOf(entry: string, moduleInfo: ModuleInfoOf): Set<string> {
  const found = new Set<string>();
  const queue = [...(moduleInfo(entry)?.importedIds ?? [])];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id) || BARREL.test(id) || REACT.test(id)) continue;
    found.add(id);
    queue.push(...(moduleInfo(id)?.importedIds ?? []));
  }
  return found;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = join(ROOT, "src/");
const startupChunksOfBuild = new WeakMap<ModuleInfoOf, Map<string, string>>();

/**
 * The start-up's own code in two chunks, whatever later screens share with it. "startup": what the
 * entry (src/main.tsx) and the first screen import of the app's sources besides, fetched with the
 * entry. "app-shell": src/App.tsx and what it imports besides (the router, react-i18next, the sign-in
 * screen). Left to Rollup, they came in a dozen pieces, each a request with its headers, on the
 * sign-in screen's first visit.
 */
function startupChunks(moduleInfo: ModuleInfoOf): Map<string, string> {
  let chunks = startupChunksOfBuild.get(moduleInfo);
  if (!chunks) {
    chunks = new Map();
    const app = join(ROOT, "src/App.tsx");
    const entry = importsOf(join(ROOT, "src/main.tsx"), moduleInfo);
    const firstScreen = importsOf(join(ROOT, "src/first-screen/start.ts"), moduleInfo);
    const shell = importsOf(app, moduleInfo);
    for (const id of [...entry, ...[...firstScreen].filter((id) => shell.has(id))]) {
      // Rollup's and Vite's helpers too (in React's chunk, the CommonJS one would bring React to the first screen),
      // but not a CommonJS package's own wrapper ("\0…/node_modules/dayjs/dayjs.min.js?commonjs-module"): it
      // stays with its package, or the two chunks import each other and the package runs before its wrapper exists.
      if (id.startsWith(SOURCES) || (id.startsWith("\0") && !id.includes("/node_modules/"))) chunks.set(id, "startup");
    }
    for (const id of [app, join(ROOT, "src/render-app.tsx"), ...shell]) if (!entry.has(id) && !firstScreen.has(id)) chunks.set(id, "app-shell");
    startupChunksOfBuild.set(moduleInfo, chunks);
  }
  return chunks;
}

/** Rollup's manualChunks: React, the start-up and the app's shell; the rest as Rollup cuts it. */
export function manualChunks(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined {
  // React on its own: the largest part of the first download, unchanged from one build to the next.
  if (REACT.test(id)) return "react";
  return startupChunks(getModuleInfo).get(id);
}

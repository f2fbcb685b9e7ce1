/// <reference lib="webworker" />
/**
 * The service worker (issue 13): a returning user loads nothing but data, and a reload without a
 * network still shows the app. Built by vite-plugin-pwa (injectManifest) into /sw.js.
 *
 * - The build's files (hashed JavaScript and CSS, icons, manifest) are precached when the worker
 *   installs and served from that cache.
 * - index.html (every page route) is served from its own cache at once and refreshed from the network
 *   behind it (stale-while-revalidate). Its response is kept whole, headers included: the server
 *   writes a fresh CSP nonce into each index.html and names it in that response's policy, so the two
 *   must stay together (docs/web-performance.md).
 * - API calls are not touched: they always go to the network.
 * - A new build installs in the background and waits; it takes over on the next visit (a reload of
 *   the only tab counts), or at once when the page asks (its "Reload" notice).
 */
import { precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { isApiPath } from "../contract/paths";
import { SKIP_WAITING } from "./messages";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const SHELL_CACHE = "app-shell";
const SHELL_KEY = "/index.html";

precacheAndRoute(self.__WB_MANIFEST);

/** Fetches index.html and keeps it (with its headers) when it is one. */
async function fetchShell(request: Request | string): Promise<Response> {
  const response = await fetch(request);
  if (response.ok && (response.headers.get("content-type") ?? "").includes("text/html")) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(SHELL_KEY, response.clone());
  }
  return response;
}

self.addEventListener("install", (event) => {
  // The shell of this build, so that the next visit (even offline) has it.
  event.waitUntil(fetchShell(new Request("/", { credentials: "same-origin", cache: "no-store" })).catch(() => undefined));
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

/** A reload of the app's only tab is a new visit: a waiting build takes over now. */
async function takeOverOnReload(): Promise<boolean> {
  const waiting = self.registration.waiting;
  if (!waiting) return false;
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length > 1) return false;
  waiting.postMessage({ type: SKIP_WAITING });
  return true;
}

// Page routes: the kept shell at once, refreshed behind it. Navigations to API paths (a file opened in
// a tab) go to the network like every other API call.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && !isApiPath(url.pathname),
  async ({ request, event }) => {
    if (await takeOverOnReload()) return fetch(request);
    const cached = await (await caches.open(SHELL_CACHE)).match(SHELL_KEY);
    const fresh = fetchShell(request);
    if (!cached) return fresh;
    (event as ExtendableEvent).waitUntil(fresh.then(() => undefined, () => undefined));
    return cached;
  },
);

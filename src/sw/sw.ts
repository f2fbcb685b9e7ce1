/// <reference lib="webworker" />
/**
 * The service worker (issue 13): a returning user loads nothing but data, and a reload without a
 * network still shows the app. Built by vite-plugin-pwa (injectManifest) into /sw.js.
 *
 * - The build's files (hashed JavaScript and CSS, icons, manifest) are precached when the worker
 *   installs and served from that cache; a language's files (its texts, antd's and dayjs's Bengali, the
 *   Bengali font) only once the page has loaded them (issue 28: only the chosen language is downloaded).
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
import { CacheFirst } from "workbox-strategies";
import { isApiPath } from "../contract/paths";
import { KEEP_LANGUAGE_FILES, LANGUAGE_FILE, SKIP_WAITING } from "./messages";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const SHELL_CACHE = "app-shell";
const SHELL_KEY = "/index.html";

precacheAndRoute(self.__WB_MANIFEST);

// A language's files (its texts, antd's and dayjs's Bengali, the Bengali font) are not precached: they
// are kept here once the page has asked for them, so only the chosen language is ever downloaded.
// Their names carry their content's hash, so a kept one never goes stale.
const LANGUAGE_CACHE = "language-files";
const isLanguageFile = (url: URL) => url.origin === self.location.origin && LANGUAGE_FILE.test(url.pathname);
registerRoute(({ url }) => isLanguageFile(url), new CacheFirst({ cacheName: LANGUAGE_CACHE }));

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
  // The first visit loaded its language's files before this worker was in charge: kept now, for the next visit offline.
  if (event.data?.type === KEEP_LANGUAGE_FILES && Array.isArray(event.data.urls)) {
    const urls = (event.data.urls as unknown[]).filter((url): url is string => typeof url === "string" && isLanguageFile(new URL(url, self.location.href)));
    event.waitUntil(caches.open(LANGUAGE_CACHE).then((cache) => cache.addAll(urls)).catch(() => undefined));
  }
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

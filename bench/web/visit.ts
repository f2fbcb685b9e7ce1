/**
 * One page visit in Chromium on the slow link: how long until the page paints and until it is
 * usable, what it downloads, and the long tasks on its main thread.
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { EVENTS_PATH } from "../../src/contract";
import { LINK } from "./conditions";

export interface VisitMetrics {
  /** Bytes that came over the network (compressed, headers included); files from the HTTP or service-worker cache count 0. */
  bytes: number;
  /** JavaScript that came over the network, as sent. */
  scriptBytes: number;
  /** Requests the page made (from the network or from a cache). */
  requests: number;
  /** Of those, answered by the service worker or the HTTP cache without the network. */
  fromCache: number;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  usableMs: number;
  /** When the app's own screen is up, controls and all (the same as `usableMs` where no first screen stands in). */
  readyMs: number;
  longTasks: number;
  longTaskMs: number;
  /** Main-thread time beyond 50 ms per long task (as Lighthouse's Total Blocking Time counts it). */
  blockingMs: number;
}

/**
 * Injected before any of the page's scripts: watches every frame for the `usable` condition and
 * collects long tasks from the start.
 */
function probe(condition: string, ready: string): string {
  return `(() => {
    const bench = (window.__bench = { usableAt: null, readyAt: null, longTasks: [], paints: {} });
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push(e.duration); })
        .observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.paints[e.name] = e.startTime; })
        .observe({ type: "paint", buffered: true });
    } catch {}
    const check = () => {
      try { if (bench.usableAt === null && (${condition})) bench.usableAt = performance.now(); } catch {}
      try { if (bench.readyAt === null && (${ready})) bench.readyAt = performance.now(); } catch {}
      if (bench.usableAt === null || bench.readyAt === null) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
}

/** Throttles the page's network and CPU the way the issue measures. */
export async function throttle(session: CDPSession): Promise<void> {
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: LINK.downloadBytesPerSecond,
    uploadThroughput: LINK.uploadBytesPerSecond,
  });
  await session.send("Emulation.setCPUThrottlingRate", { rate: LINK.cpuSlowdown });
}

interface Traffic {
  bytes: number;
  scriptBytes: number;
  requests: number;
  fromCache: number;
  inFlight: Set<string>;
  lastActivity: number;
}

function watchTraffic(session: CDPSession): Traffic {
  const traffic: Traffic = { bytes: 0, scriptBytes: 0, requests: 0, fromCache: 0, inFlight: new Set(), lastActivity: Date.now() };
  const types = new Map<string, { type: string; cached: boolean }>();
  session.on("Network.requestWillBeSent", (e) => {
    // The live stream (issue 29) stays open as long as the page: it is not traffic a visit waits for.
    if (!/^https?:/.test(e.request.url) || new URL(e.request.url).pathname === EVENTS_PATH) return;
    if (!traffic.inFlight.has(e.requestId)) traffic.requests++;
    traffic.inFlight.add(e.requestId);
    traffic.lastActivity = Date.now();
  });
  session.on("Network.responseReceived", (e) => {
    const cached = Boolean(e.response.fromServiceWorker || e.response.fromDiskCache || e.response.fromPrefetchCache);
    types.set(e.requestId, { type: e.type, cached });
  });
  session.on("Network.requestServedFromCache", (e) => types.set(e.requestId, { type: types.get(e.requestId)?.type ?? "Other", cached: true }));
  const done = (requestId: string, encodedDataLength: number) => {
    if (!traffic.inFlight.delete(requestId)) return;
    traffic.lastActivity = Date.now();
    const info = types.get(requestId);
    if (info?.cached) {
      traffic.fromCache++;
      return;
    }
    traffic.bytes += encodedDataLength;
    if (info?.type === "Script") traffic.scriptBytes += encodedDataLength;
  };
  session.on("Network.loadingFinished", (e) => done(e.requestId, e.encodedDataLength));
  session.on("Network.loadingFailed", (e) => done(e.requestId, 0));
  return traffic;
}

async function networkQuiet(traffic: Traffic, quietMs = 1000, maxMs = 20_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < maxMs) {
    if (traffic.inFlight.size === 0 && Date.now() - traffic.lastActivity >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Opens `url` in a new throttled tab of `context` and measures the visit. The tab stays open (the
 * caller closes it) once the page is usable and the network has been quiet for a second.
 */
export async function visit(
  context: BrowserContext,
  url: string,
  usable: string,
  ready = usable,
  timeoutMs = 90_000,
): Promise<{ page: Page; metrics: VisitMetrics }> {
  const page = await context.newPage();
  await page.addInitScript(probe(usable, ready));
  const session = await context.newCDPSession(page);
  await throttle(session);
  const traffic = watchTraffic(session);
  await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
  // A function, not a string: the app's CSP forbids the eval Playwright would use for a string.
  await page
    .waitForFunction(() => typeof (window as { __bench?: { readyAt: unknown } }).__bench?.readyAt === "number", undefined, {
      timeout: timeoutMs,
      polling: 200,
    })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: "bench/.artifacts/not-usable.png" }).catch(() => undefined);
      throw new Error(`${url} was not usable within ${timeoutMs} ms (now at ${page.url()}; screenshot in bench/.artifacts/not-usable.png)`, { cause: error });
    });
  await networkQuiet(traffic);
  // A string, not a function: tsx would wrap named helpers in a function the page does not have.
  const timings = (await page.evaluate(`(() => {
    const paint = (name) => performance.getEntriesByName(name, "paint")[0]?.startTime ?? window.__bench.paints[name] ?? NaN;
    return {
      usableMs: window.__bench.usableAt,
      readyMs: window.__bench.readyAt,
      firstPaintMs: paint("first-paint"),
      firstContentfulPaintMs: paint("first-contentful-paint"),
      longTasks: window.__bench.longTasks,
    };
  })()`)) as { usableMs: number; readyMs: number; firstPaintMs: number; firstContentfulPaintMs: number; longTasks: number[] };
  await session.detach().catch(() => undefined);
  const round = (n: number) => Math.round(n);
  return {
    page,
    metrics: {
      bytes: traffic.bytes,
      scriptBytes: traffic.scriptBytes,
      requests: traffic.requests,
      fromCache: traffic.fromCache,
      firstPaintMs: round(timings.firstPaintMs),
      firstContentfulPaintMs: round(timings.firstContentfulPaintMs),
      usableMs: round(timings.usableMs),
      readyMs: round(timings.readyMs),
      longTasks: timings.longTasks.length,
      longTaskMs: round(timings.longTasks.reduce((a, b) => a + b, 0)),
      blockingMs: round(timings.longTasks.reduce((a, b) => a + Math.max(0, b - 50), 0)),
    },
  };
}

/**
 * Waits until the app's service worker (if it registers one within `registrationWaitMs`) is active, that is has
 * stored what it keeps, so the next visit can use it.
 */
export async function serviceWorkerSettled(page: Page, maxMs = 30_000, registrationWaitMs = 8000): Promise<boolean> {
  return page
    .evaluate(`(async () => {
      if (!("serviceWorker" in navigator)) return false;
      const start = performance.now();
      while (performance.now() - start < ${maxMs}) {
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.active) return true;
        if (!registration && performance.now() - start > ${registrationWaitMs}) return false;
        await new Promise((r) => setTimeout(r, 250));
      }
      return false;
    })()`)
    .then(Boolean, () => false);
}

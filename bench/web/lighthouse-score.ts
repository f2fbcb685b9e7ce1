/**
 * Lighthouse's mobile performance score (its default: a phone on the same slow link, simulated)
 * from the npm `lighthouse` package driving the same Chromium as the rest of the bench.
 */
import { createServer } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
}

export interface LighthouseSession {
  /**
   * One Lighthouse run; `auth`, when given, is put in localStorage first and kept (a signed-in,
   * cold-cache visit). `attempt` counts the runs Lighthouse asked to repeat (it loses its trace now and then).
   */
  score(url: string, auth?: { key: string; value: string }, attempt?: number): Promise<LighthouseRun>;
  close(): Promise<void>;
}

export async function openLighthouse(): Promise<LighthouseSession> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  // A persistent context is Chromium's default profile, which the tab Lighthouse opens shares.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const control = context.pages()[0] ?? (await context.newPage());

  async function clearCaches(origin: string, keepStorage: boolean) {
    const session = await context.newCDPSession(control);
    await session.send("Network.clearBrowserCache");
    const storageTypes = keepStorage ? "service_workers,cache_storage" : "all";
    await session.send("Storage.clearDataForOrigin", { origin, storageTypes });
    await session.detach();
  }

  const session: LighthouseSession = {
    async score(url, auth, attempt) {
      const origin = new URL(url).origin;
      await control.goto(`${origin}/bench-blank.txt`).catch(() => undefined);
      await clearCaches(origin, auth !== undefined);
      if (auth) await control.evaluate(({ key, value }) => localStorage.setItem(key, value), auth);
      await control.goto("about:blank");
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        // Storage is reset above (keeping the sign-in when there is one); the HTTP cache is always emptied.
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        // Lighthouse sometimes loses its own trace (NO_NAVSTART) and asks to be run again: do, twice at most.
        if ((attempt ?? 1) < 3) return session.score(url, auth, (attempt ?? 1) + 1);
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: numeric("first-contentful-paint"),
        lcpMs: numeric("largest-contentful-paint"),
        tbtMs: numeric("total-blocking-time"),
        speedIndexMs: numeric("speed-index"),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      };
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return session;
}

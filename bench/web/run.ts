/**
 * The web app on a slow mobile link (`npm run bench:web`, issue 13): builds and serves the app on a
 * fresh database with the demo data, then drives Chromium over a throttled link (bench/web/conditions.ts)
 * through each scenario BENCH_WEB_RUNS times (default 5) and reports the medians, Lighthouse's mobile
 * score for two screens, and the build's chunk sizes. Results are printed and written to
 * bench/results/web-latest.json and web-latest.md (the tables of docs/benchmarks.md; README shows the targets).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { AUTH_STORAGE_KEY } from "../../src/session/session-store";
import { decodeToken } from "../../src/session/token";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { DESKTOP, LINK, PHONE, READY, USABLE } from "./conditions";
import { liveChange, type LiveMetrics } from "./live";
import { openLighthouse, type LighthouseRun } from "./lighthouse-score";
import { type BenchServer, buildWebApp, serve } from "./serve";
import { serviceWorkerSettled, visit, type VisitMetrics } from "./visit";
import { report, type Results } from "./report";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const ACCOUNTS = {
  admin: { username: "admin", password: "admin123" },
  superAdmin: { username: "superadmin", password: "superadmin123" },
  agent: { username: "agent", password: "agent123" },
} as const;

/** Signs in once through the API; every visit reuses the saved session the app would have kept. */
async function savedSession(server: BenchServer, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${server.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const token = ((await response.json()) as { replyMessage?: { token?: string } }).replyMessage?.token;
  const user = token ? decodeToken(token) : undefined;
  if (!token || !user) throw new Error(`Could not sign in as ${account.username} (HTTP ${response.status})`);
  return JSON.stringify({ user, token, signUpUserId: null });
}

async function withContext<T>(
  browser: Browser,
  options: { viewport: { width: number; height: number }; phone?: boolean; auth?: string },
  use: (context: import("playwright-core").BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: options.viewport,
    ...(options.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
  });
  try {
    if (options.auth) await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, options.auth] as const);
    return await use(context);
  } finally {
    await context.close();
  }
}

const log = (message: string) => process.stdout.write(`${message}\n`);

const built = await buildWebApp();
const server = await serve(built.dir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const url = (path: string) => `${server.url}${path}`;
  const sessions = {
    admin: await savedSession(server, ACCOUNTS.admin),
    superAdmin: await savedSession(server, ACCOUNTS.superAdmin),
    agent: await savedSession(server, ACCOUNTS.agent),
  };
  const runs: Record<string, VisitMetrics[]> = {
    signIn: [],
    adminPendingFirst: [],
    adminPendingRepeat: [],
    historyFirst: [],
    phonePendingFirst: [],
  };
  const liveRuns: LiveMetrics[] = [];
  // The change comes from another session of the admin (the demo data has one admin account).
  const reviewerToken = JSON.parse(await savedSession(server, ACCOUNTS.admin)).token as string;
  for (let i = 1; i <= RUNS; i++) {
    log(`Run ${i} of ${RUNS}`);
    await withContext(browser, { viewport: DESKTOP }, async (context) => {
      const { page, metrics } = await visit(context, url("/signin"), USABLE.signIn);
      runs.signIn.push(metrics);
      await page.close();
    });
    await withContext(browser, { viewport: DESKTOP, auth: sessions.admin }, async (context) => {
      const first = await visit(context, url("/dashboard/admin/pending"), USABLE.tenRows, READY.tenRows);
      runs.adminPendingFirst.push(first.metrics);
      await serviceWorkerSettled(first.page);
      await first.page.close();
      const repeat = await visit(context, url("/dashboard/admin/pending"), USABLE.tenRows, READY.tenRows);
      runs.adminPendingRepeat.push(repeat.metrics);
      await repeat.page.close();
    });
    await withContext(browser, { viewport: DESKTOP, auth: sessions.superAdmin }, async (context) => {
      const { page, metrics } = await visit(context, url("/dashboard/super-admin/passport-history"), USABLE.tenRows, READY.tenRows);
      runs.historyFirst.push(metrics);
      await page.close();
    });
    await withContext(browser, { viewport: PHONE, phone: true, auth: sessions.agent }, async (context) => {
      const { page, metrics } = await visit(context, url("/dashboard/agent/pending"), USABLE.tenRows, READY.tenRows);
      runs.phonePendingFirst.push(metrics);
      await page.close();
    });
    await withContext(browser, { viewport: DESKTOP, auth: sessions.admin }, async (context) => {
      liveRuns.push(await liveChange(context, server.url, reviewerToken));
    });
  }
  await browser.close();

  const lighthouseRuns: Record<"signIn" | "adminPending", LighthouseRun[]> = { signIn: [], adminPending: [] };
  const lh = await openLighthouse();
  try {
    for (let i = 1; i <= RUNS; i++) {
      log(`Lighthouse run ${i} of ${RUNS}`);
      lighthouseRuns.signIn.push(await lh.score(url("/signin")));
      lighthouseRuns.adminPending.push(await lh.score(url("/dashboard/admin/pending"), { key: AUTH_STORAGE_KEY, value: sessions.admin }));
    }
  } finally {
    await lh.close();
  }

  const results: Results = report({ runs, live: liveRuns, lighthouse: lighthouseRuns, chunks: built.chunks, runCount: RUNS, link: LINK });
  const dir = resolve("bench/results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "web-latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, "web-latest.md"), `${results.table}\n`);
  log(`\n${results.table}\n`);
  log(`Written to ${join(dir, "web-latest.json")} and web-latest.md`);
} finally {
  await browser.close().catch(() => undefined);
  await server.stop();
  built.cleanup();
}

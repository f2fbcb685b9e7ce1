/**
 * Screen-fit and accessibility figures (`npm run bench:ui`): for every screen of every role, at
 * 1366×768, the passport table's width, whether the last (action) column is inside the window, rows
 * fully visible, the first row's height, and axe's serious and critical violations; at 390×844 the
 * header's height and the table columns in view. Results go to bench/results/ui.json (and are printed).
 *   UI_URL   measure a server already running there (e.g. another checkout); otherwise a server is
 *            started on a fresh demo database serving dist/ (run `npm run build` first).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { buildApp } from "../server/app";
import { countByRule, severeViolations } from "../tests/browser/a11y";
import { ROLES, type Screen, screensOf } from "../tests/browser/screens";
import { DEMO, launchBrowser } from "../tests/browser/support-core";

const ACCOUNT = { AGENT: DEMO.agent, ADMIN: DEMO.admin, SUPER_ADMIN: DEMO.superAdmin } as const;

async function server(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.UI_URL) return { url: process.env.UI_URL.replace(/\/$/, ""), stop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), "bench-ui-"));
  const { app } = await buildApp({
    databaseUrl: `sqlite:${join(dir, "app.db")}`,
    jwtSecret: "bench-ui-secret-0123456789-abcdefghijklmn",
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 3600,
    maxUploadBytes: 5 * 1024 * 1024,
    production: false,
    staticDir: resolve("dist"),
    seedDemoData: true,
    logger: false,
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, stop: async () => (await app.close(), rmSync(dir, { recursive: true, force: true })) };
}

async function signIn(page: Page, url: string, role: keyof typeof ACCOUNT) {
  await page.goto(`${url}/signin`);
  await page.getByLabel("Username").fill(ACCOUNT[role].username);
  await page.getByLabel("Password").fill(ACCOUNT[role].password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard\//);
}

/** Waits until the screen has drawn its rows (or says it has none). */
async function settle(page: Page) {
  await page.locator(".ant-table-tbody tr.ant-table-row, .ant-empty, [data-testid=passport-card], form").first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"), undefined, { timeout: 15_000 }).catch(() => undefined);
}

interface Fit {
  tableWidth: number | null;
  lastColumnRight: number | null;
  actionsInView: boolean | null;
  rowsVisible: number;
  firstRowHeight: number | null;
  nameFixedWhileScrolled: boolean | null;
}

async function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(async () => {
    const table = document.querySelector<HTMLElement>(".ant-table table");
    const rows = [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")];
    const first = rows[0];
    const last = first?.lastElementChild as HTMLElement | undefined;
    const inView = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth;
    };
    const controls = last ? [...last.querySelectorAll("button, a, [role=switch]")] : [];
    // The full-name cell is the second cell; scroll the table to its far right and see whether it stays.
    let nameFixed: boolean | null = null;
    const scroller = document.querySelector<HTMLElement>(".ant-table-content, .ant-table-body");
    if (first && scroller && scroller.scrollWidth > scroller.clientWidth) {
      scroller.scrollLeft = scroller.scrollWidth;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const name = first.children[1] as HTMLElement;
      const box = name.getBoundingClientRect();
      const area = scroller.getBoundingClientRect();
      nameFixed = box.left >= area.left - 1 && box.right <= area.right + 1;
      scroller.scrollLeft = 0;
    }
    return {
      tableWidth: table ? Math.round(table.getBoundingClientRect().width) : null,
      lastColumnRight: last ? Math.round(last.getBoundingClientRect().right) : null,
      // A list without row actions (Application History) has none to show.
      actionsInView: last && controls.length > 0 ? controls.every(inView) : null,
      rowsVisible: rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length,
      firstRowHeight: first ? Math.round(first.getBoundingClientRect().height) : null,
      nameFixedWhileScrolled: nameFixed,
    };
  });
}

async function measurePhone(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>(".ant-layout-header");
    const columns = [...document.querySelectorAll<HTMLElement>(".ant-table-thead th")].filter((th) => {
      const box = th.getBoundingClientRect();
      return box.width > 0 && box.left < window.innerWidth && box.right > 0;
    });
    return {
      headerHeight: header ? Math.round(header.getBoundingClientRect().height) : null,
      tableColumnsInView: columns.length,
      cards: document.querySelectorAll("[data-testid=passport-card]").length,
    };
  });
}

/** tsx keeps function names with a `__name` helper that pages evaluating our functions lack. */
const KEEP_NAMES = "window.__name = (f) => f";

const { url, stop } = await server();
const browser: Browser = await launchBrowser();
const results: Record<string, unknown>[] = [];
try {
  {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(KEEP_NAMES);
    const page = await context.newPage();
    await page.goto(`${url}/signin`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    const severe = await severeViolations(page);
    results.push({ screen: "sign-in", h1: await page.locator("h1").count(), severe: countByRule(severe) });
    await context.close();
  }
  for (const role of ROLES) {
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await Promise.all([desktop.addInitScript(KEEP_NAMES), phone.addInitScript(KEEP_NAMES)]);
    const [page, small] = await Promise.all([desktop.newPage(), phone.newPage()]);
    await Promise.all([signIn(page, url, role), signIn(small, url, role)]);
    for (const screen of screensOf(role) as Screen[]) {
      await page.goto(`${url}${screen.path}`);
      await settle(page);
      const severe = await severeViolations(page);
      const row: Record<string, unknown> = {
        screen: screen.name,
        h1: await page.locator("h1").count(),
        severe: countByRule(severe),
      };
      if (screen.passportList) {
        Object.assign(row, await measureFit(page));
        await small.goto(`${url}${screen.path}`);
        await settle(small);
        row.phone = await measurePhone(small);
      }
      results.push(row);
    }
    await desktop.close();
    await phone.close();
  }
} finally {
  await browser.close();
  await stop();
}

const total = (row: Record<string, unknown>) => Object.values(row.severe as Record<string, number>).reduce((a, b) => a + b, 0);
console.table(
  results.map((r) => ({
    screen: r.screen,
    "axe severe": total(r),
    h1: r.h1,
    "table px": r.tableWidth ?? "",
    "last col right": r.lastColumnRight ?? "",
    "actions in view": r.actionsInView ?? "",
    "rows in view": r.rowsVisible ?? "",
    "row px": r.firstRowHeight ?? "",
    "name fixed": r.nameFixedWhileScrolled ?? "",
    "phone header px": (r.phone as { headerHeight?: number } | undefined)?.headerHeight ?? "",
    "phone cols": (r.phone as { tableColumnsInView?: number } | undefined)?.tableColumnsInView ?? "",
    "phone cards": (r.phone as { cards?: number } | undefined)?.cards ?? "",
  })),
);
const dir = resolve("bench/results");
mkdirSync(dir, { recursive: true });
const file = join(dir, process.env.UI_RESULTS ?? "ui.json");
writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), url: process.env.UI_URL ? "external" : "local", screens: results }, null, 2)}\n`);
console.log(`Written to ${file}`);

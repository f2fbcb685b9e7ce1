/**
 * Browser-test support: a real server (fresh seeded SQLite, the built web app, a free loopback port)
 * and Debian's Chromium driven by playwright-core. A failed test leaves a screenshot in
 * tests/.artifacts/screenshots.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
import { buildApp } from "../../server/app";
import type { AppConfig } from "../../server/config";
import { LANGUAGE_NAMES, type Language } from "../../src/i18n/languages";

export { CHROMIUM, DEMO, DEMO_BY_ROLE, launchBrowser } from "./support-core";

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  stop(): Promise<void>;
}

export async function startServer(overrides: Partial<AppConfig> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "browser-test-"));
  const { app } = await buildApp({
    databaseUrl: `sqlite:${join(dir, "app.db")}`,
    jwtSecret: "browser-test-secret-0123456789-abcdefghij",
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 7 * 24 * 3600,
    maxUploadBytes: 5 * 1024 * 1024,
    production: false,
    staticDir: inject("webDir"),
    seedDemoData: true,
    logger: false,
    // Every test signs in from 127.0.0.1, often at once, on a loaded machine: a sign-in waits for a
    // hashing slot rather than answering 503, and the address limit is off (the per-username one stays).
    limits: { passwordHashWaitMs: 60_000, signInAddressMaxFailures: 0 },
    ...overrides,
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: address,
    app,
    async stop() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ViewportSize {
  width?: number;
  height?: number;
}

/**
 * A fresh browser context and page per test, screenshotted when the test fails. `open(viewport)`
 * overrides the viewport given here for one test.
 */
export function usePage(getBrowser: () => Browser, options: ViewportSize = {}) {
  let context: BrowserContext | undefined;
  const state: { page?: Page } = {};
  const open = async (viewport: ViewportSize = {}): Promise<Page> => {
    const width = viewport.width ?? options.width ?? 1366;
    const height = viewport.height ?? options.height ?? 900;
    context = await getBrowser().newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    state.page = page;
    return page;
  };
  // Here rather than in onTestFailed, which Vitest runs after afterEach has closed the context.
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail" && state.page && !state.page.isClosed()) await screenshot(state.page, task.name);
    await context?.close();
    context = undefined;
  });
  return open;
}

/** Saves a full-page screenshot of a failed test's page in tests/.artifacts/screenshots. */
export async function screenshot(page: Page, testName: string): Promise<void> {
  const dir = resolve("tests/.artifacts/screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${testName.replace(/[^a-z0-9]+/gi, "-")}.png`), fullPage: true }).catch(() => undefined);
}

/**
 * Presses a button of the open Popconfirm whose text contains `question`. Waits for the popover to
 * settle inside the viewport first: it realigns, and may flip, a frame after a scroll, and a press
 * that starts before that lands on the page instead of the button.
 */
export async function confirmPopover(page: Page, question: string, button = "Yes"): Promise<void> {
  const target = page.locator(".ant-popover:not(.ant-popover-hidden)").filter({ hasText: question }).getByRole("button", { name: button });
  await target.scrollIntoViewIfNeeded();
  let previous = "";
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox();
        const height = page.viewportSize()?.height ?? 0;
        const now = JSON.stringify(box);
        const settled = box !== null && box.y >= 0 && box.y + box.height <= height && now === previous;
        previous = now;
        return settled;
      },
      { interval: 150 },
    )
    .toBe(true);
  await target.click();
}

/**
 * Picks `option` in the antd Select labelled `label` (within `scope`, a page or a dialog) and waits
 * until the field shows it; a click on an option that is still sliding into place can miss, so it
 * tries again.
 */
export async function chooseOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  const page = "page" in scope ? scope.page() : scope;
  const input = scope.getByLabel(label, { exact: true });
  const shown = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]').locator(`.ant-select-selection-item[title="${option}"]`);
  const item = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        if (!(await item.isVisible())) await input.click();
        await item.click({ timeout: 5_000 }).catch(() => undefined);
        return shown.isVisible();
      },
      { interval: 300 },
    )
    .toBe(true);
}

/** Signs in through the sign-in form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await reachDashboard(page);
}

/**
 * Signs in through the sign-in form with `language` chosen on it (issue 28: the choice is sent with
 * the sign-in and saved to the account, so the app stays in it after sign-in), and waits for the dashboard.
 */
export async function signInIn(page: Page, baseUrl: string, account: { username: string; password: string }, language: Language): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByTestId("language-switch").getByRole("button", { name: LANGUAGE_NAMES[language], exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  await page.getByLabel(language === "bn" ? "ইউজারনেম" : "Username").fill(account.username);
  await page.getByLabel(language === "bn" ? "পাসওয়ার্ড" : "Password").fill(account.password);
  await page.getByRole("button", { name: language === "bn" ? "সাইন ইন" : "Sign In" }).click();
  await reachDashboard(page);
}

/**
 * Waits for the dashboard after Sign In: a sign-in hashes a password, which on a machine running the
 * whole suite can wait its turn. A page still on the sign-in form fails with what it shows (a field's
 * message, a toast), so the failure says why.
 */
async function reachDashboard(page: Page): Promise<void> {
  try {
    await page.waitForURL(/\/dashboard\//, { timeout: 30_000 });
  } catch (error) {
    const shown = await page.locator(".ant-form-item-explain, .ant-notification-notice, [role=alert]").allInnerTexts().catch(() => []);
    throw new Error(`Still on ${page.url()} after Sign In; it shows: ${JSON.stringify(shown)}`, { cause: error });
  }
}

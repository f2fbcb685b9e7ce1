/**
 * Issue 15 in Chromium: at 1366×768 every passport list keeps its row actions in the window and its
 * name column in place while scrolling sideways, shows 8 rows or more on Pending, sticks its header and
 * its sideways scroll bar to the window, and remembers a user's columns; a list is filtered with the
 * keyboard alone; at 390×844 passport lists are cards with their actions, under a one-row top bar;
 * dates read DD/MM/YYYY. One server, one browser, one context per role.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/contract";
import { PASSPORT_LISTS, ROLES } from "./screens";
import { DEMO_BY_ROLE, launchBrowser, type RunningServer, screenshot, signIn, startServer } from "./support";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ACCOUNT: Record<Role, { username: string; password: string }> = DEMO_BY_ROLE;

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function signedIn(role: Role, viewport = DESKTOP, account = ACCOUNT[role]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signIn(page, server.url, account.username, account.password);
  return { context, page };
}

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");

async function openList(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await rows(page).first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning"));
}

/** Runs `body`, leaving a screenshot named `what` if it throws. */
async function shot<T>(page: Page, what: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    await screenshot(page, what);
    throw error;
  }
}

describe("at 1366×768", () => {
  it.each(ROLES)("every %s passport list keeps its actions in the window and its name in place while scrolled", async (role) => {
    const { context, page } = await signedIn(role);
    const problems: string[] = [];
    try {
      for (const list of PASSPORT_LISTS.filter((s) => s.role === role)) {
        await openList(page, list.path);
        const found = await shot(page, `fit ${list.name}`, () =>
          page.evaluate(async () => {
            const first = document.querySelector<HTMLElement>(".ant-table-tbody tr.ant-table-row")!;
            const controls = [...first.querySelectorAll<HTMLElement>("td.ant-table-cell-fix-right button, td.ant-table-cell-fix-right a")];
            const outside = controls.filter((c) => {
              const box = c.getBoundingClientRect();
              return box.width === 0 || box.left < 0 || box.right > window.innerWidth;
            });
            const scroller = document.querySelector<HTMLElement>(".ant-table-content, .ant-table-body")!;
            scroller.scrollLeft = scroller.scrollWidth;
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const area = scroller.getBoundingClientRect();
            const name = [...first.children].find((td) => td.classList.contains("ant-table-cell-fix-left") && td.textContent?.trim() && !/^\d+$/.test(td.textContent.trim()));
            const box = name?.getBoundingClientRect();
            const nameInPlace = box !== undefined && box.left >= area.left - 1 && box.right <= area.right + 1;
            scroller.scrollLeft = 0;
            return {
              scrolls: scroller.scrollWidth > scroller.clientWidth,
              actions: controls.map((c) => c.textContent?.trim()),
              outside: outside.map((c) => c.textContent?.trim()),
              nameInPlace,
            };
          }),
        );
        if (found.outside.length > 0) problems.push(`${list.name}: actions outside the window: ${found.outside.join(", ")}`);
        if (found.scrolls && !found.nameInPlace) problems.push(`${list.name}: the name column moved when scrolled sideways`);
        // Every list but the read-only history has an action at the right (View Attachments at least).
        if (list.resource.identifier !== "passport-history" && found.actions.length === 0) problems.push(`${list.name}: no action column`);
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it("admin Pending shows 8 rows or more, each on one line, under a header and above a scroll bar that stay in the window", async () => {
    const { context, page } = await signedIn("ADMIN");
    try {
      await openList(page, "/dashboard/admin/pending?size=20");
      const fit = await page.evaluate(() => {
        const all = [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")];
        return {
          inView: all.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length,
          tallest: Math.max(...all.map((r) => r.getBoundingClientRect().height)),
        };
      });
      expect(fit.inView).toBeGreaterThanOrEqual(8);
      // Short values never wrap: a compact row of one line, plus at most a name wrapped on two lines or
      // the latest comment over its thread's count (issue 14), is under 75 px.
      expect(fit.tallest).toBeLessThan(75);

      // The horizontal scroll bar sits at the bottom of the window while the table runs below it.
      const bar = page.locator(".ant-table-sticky-scroll");
      await expect.poll(async () => (await bar.boundingBox())?.y ?? -1).toBeGreaterThan(DESKTOP.height - 40);
      expect(((await bar.boundingBox())!.y ?? 0) + ((await bar.boundingBox())!.height ?? 0)).toBeLessThanOrEqual(DESKTOP.height + 1);

      // Scrolled down, the header row stays at the top of the window.
      await page.mouse.wheel(0, 500);
      const header = page.locator(".ant-table-sticky-holder");
      await expect.poll(async () => Math.round((await header.boundingBox())?.y ?? -1)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("the column chooser hides and moves columns, remembered per user and list, and Reset columns undoes it", async () => {
    const { context, page } = await signedIn("ADMIN");
    const headers = () => page.locator(".ant-table-thead th").allTextContents();
    try {
      await openList(page, "/dashboard/admin/reviewed");
      const before = await headers();
      expect(before).toContain("Father's Name");
      await page.getByRole("button", { name: "Columns" }).click();
      const chooser = page.getByRole("dialog", { name: "Columns of Reviewed Passports" });
      await chooser.getByRole("checkbox", { name: "Father's Name" }).uncheck();
      await chooser.getByRole("button", { name: "Move Phone up" }).click();
      await chooser.getByRole("button", { name: "Done" }).click();
      const chosen = await headers();
      expect(chosen).not.toContain("Father's Name");
      expect(chosen.indexOf("Phone")).toBeLessThan(chosen.indexOf("Marital Status"));

      // Kept after a reload, and for this list only.
      await openList(page, "/dashboard/admin/reviewed");
      expect(await headers()).toEqual(chosen);
      await openList(page, "/dashboard/admin/pending");
      expect(await headers()).toContain("Father's Name");

      // Kept under the user's id and the list, so another user of this browser has the declared columns.
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("passport-columns:")));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatch(/^passport-columns:\d+:admin-reviewed-passports$/);

      await openList(page, "/dashboard/admin/reviewed");
      await page.getByRole("button", { name: "Columns" }).click();
      await chooser.getByRole("button", { name: "Reset columns" }).click();
      await chooser.getByRole("button", { name: "Done" }).click();
      expect(await headers()).toEqual(before);
    } finally {
      await context.close();
    }
  });

  it("a list is filtered with the keyboard alone: Tab to the filter, Enter, type, Enter", async () => {
    const { context, page } = await signedIn("ADMIN");
    try {
      await openList(page, "/dashboard/admin/reviewed");
      const target = (await rows(page).first().locator("td").nth(1).textContent())!.trim();
      const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("aria-label") || document.activeElement?.querySelector("[aria-label]")?.getAttribute("aria-label") || "");
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = (await focusedName()) === "Filter Full Name";
      }
      expect(reached, "Tab reaches the Full Name filter").toBe(true);
      // The focused filter shows a ring.
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe("none");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Search Full Name");
      await page.keyboard.type(target);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("fullName") === target);
      // Rows drawn (not the empty table shown while the reply is awaited), each the one searched for.
      await expect
        .poll(async () => {
          const names = await rows(page).locator("td:nth-child(2)").allTextContents();
          return names.length > 0 && names.every((name) => name.trim() === target);
        })
        .toBe(true);
      await expect.poll(focusedName).toBe("Filter Full Name");
    } finally {
      await context.close();
    }
  });

  it("sidebar links show a focus ring, and dates read DD/MM/YYYY in tables and pickers", async () => {
    const { context, page } = await signedIn("ADMIN");
    try {
      await openList(page, "/dashboard/admin/pending");
      const link = page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Reviewed" });
      await link.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await link.evaluate((el) => [el === document.activeElement, getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth])).toEqual([
        true,
        "solid",
        "2px",
      ]);

      const dates = await page.locator(".ant-table-tbody tr.ant-table-row").first().locator("td").allTextContents();
      const dated = dates.filter((t) => /\d{2}[/-]\d{2}[/-]\d{4}|\d{4}-\d{2}-\d{2}/.test(t));
      expect(dated.length).toBeGreaterThan(0);
      for (const text of dated) expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

      await page.goto(`${server.url}/dashboard/admin/agent-data-entry`);
      await page.getByRole("button", { name: "Create Client Info" }).click();
      const modal = page.getByRole("dialog", { name: "Add Passport" });
      const dob = modal.getByLabel("Date of Birth");
      expect(await dob.getAttribute("placeholder")).toBe("DD/MM/YYYY");
      await dob.fill("12/05/1990");
      await dob.press("Enter");
      await expect.poll(() => dob.inputValue()).toBe("12/05/1990");
    } finally {
      await context.close();
    }
  });
});

describe("at 390×844", () => {
  it.each(ROLES)("every %s passport list is cards with their actions under a one-row top bar", async (role) => {
    const { context, page } = await signedIn(role, PHONE);
    const problems: string[] = [];
    try {
      for (const list of PASSPORT_LISTS.filter((s) => s.role === role)) {
        await page.goto(`${server.url}${list.path}`);
        const card = page.getByTestId("passport-card").first();
        await card.waitFor();
        const found = await shot(page, `cards ${list.name}`, () =>
          card.evaluate((el) => {
            const controls = [...el.querySelectorAll<HTMLElement>("button, a, [role=switch]")];
            const header = document.querySelector<HTMLElement>(".ant-layout-header")!.getBoundingClientRect();
            return {
              name: el.querySelector("h2")?.textContent?.trim() ?? "",
              controls: controls.length,
              outside: controls.filter((c) => c.getBoundingClientRect().right > window.innerWidth).map((c) => c.textContent?.trim()),
              headerHeight: header.height,
              pageWidth: document.documentElement.scrollWidth,
              table: document.querySelectorAll(".ant-table").length,
            };
          }),
        );
        if (!found.name) problems.push(`${list.name}: a card without the name`);
        if (list.resource.identifier !== "passport-history" && found.controls === 0) problems.push(`${list.name}: a card without actions`);
        if (found.outside.length > 0) problems.push(`${list.name}: off-screen: ${found.outside.join(", ")}`);
        if (found.headerHeight > 64) problems.push(`${list.name}: top bar ${found.headerHeight} px tall`);
        if (found.pageWidth > PHONE.width) problems.push(`${list.name}: the page is ${found.pageWidth} px wide`);
        if (found.table > 0) problems.push(`${list.name}: still a table`);
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});

/**
 * Issue 15: axe-core finds no serious or critical violation on sign-in, on every screen of every role
 * (derived from the resource declarations, so a screen declared later is checked too), and in every
 * modal, popup and form, empty and after a failed submit. Issue 28: all of it in English and in
 * Bengali, the controls found by their words in each (tests/browser/texts.ts). One server, one
 * browser, one context per role and language; the screens are visited in turn.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/contract";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../src/i18n/languages";
import { axeViolations, describeViolations, severeViolations } from "./a11y";
import { ROLES, screensOf } from "./screens";
import { DEMO_BY_ROLE, launchBrowser, type RunningServer, screenshot, signInIn, startServer } from "./support";
import { textIn } from "./texts";

type Texts = ReturnType<typeof textIn>;

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

/** Waits until a screen has drawn what it shows: its rows, its empty state or its form, and no spinner. */
async function settled(page: Page) {
  await page.locator(".ant-table-tbody tr.ant-table-row, .ant-table-placeholder, form, [data-testid=passport-card], #overview-stages").first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
}

/** The open dialog or popup, once it has finished opening. */
async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor();
  await motionless(locator.page());
  return locator;
}

/**
 * Every finite animation and transition over (antd's zoom-big, fade, move and show-help motions): an
 * element still fading in blends its colours with the page and reads as low contrast. rc-motion steps
 * through its classes (…-appear, …-appear-start, …-appear-active) before the transition itself starts,
 * so no running animation alone is not enough: no element in view may still carry a motion class either.
 */
async function motionless(page: Page) {
  await page.waitForFunction(() => {
    const moving = /-(appear|enter|leave)(-(prepare|start|active))?$/;
    // A button's loading icon that left before it had grown keeps its leave classes at no size: not in view.
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const inMotion = [...document.querySelectorAll("[class]")].some(
      (element) => [...element.classList].some((name) => moving.test(name)) && inView(element),
    );
    const animating = document
      .getAnimations()
      .some((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
    return !inMotion && !animating;
  });
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
const popover = (page: Page) => page.locator(".ant-popover:not(.ant-popover-hidden)");

/** Checks the page (or one part of it) and records what axe finds, under `what`. */
async function check(page: Page, what: string, found: string[], scope?: string) {
  const violations = await severeViolations(page, scope);
  if (violations.length > 0) {
    found.push(`${what}:\n${describeViolations(violations)}`);
    await screenshot(page, `axe ${what}`);
  }
}

/** Signed in as `role` with `language` chosen on the sign-in page (and so saved to the account). */
async function signedIn(role: Role, language: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInIn(page, server.url, ACCOUNT[role], language);
  return { context, page };
}

/**
 * The modals, popups and forms to check beyond the screens themselves, by role: each opens one on the
 * screen given and returns it (closing is done by reloading the next screen). Add new ones here.
 */
const DIALOGS: Record<Role, { name: string; path: string; open: (page: Page, t: Texts) => Promise<Locator | undefined> }[]> = {
  AGENT: [
    { name: "Attachments", path: "/dashboard/agent/pending", open: openAttachments },
    { name: "Columns", path: "/dashboard/agent/pending", open: openColumns },
    { name: "header filter", path: "/dashboard/agent/approved", open: openFilter },
  ],
  ADMIN: [
    {
      name: "Add Passport (empty, then a failed submit)",
      path: "/dashboard/admin/agent-data-entry",
      open: async (page, t) => {
        await page.getByRole("button", { name: t("Create Client Info") }).click();
        const modal = await shown(dialog(page, t("Add Passport")));
        await modal.getByLabel(t("Full Name")).waitFor();
        return modal;
      },
    },
    {
      name: "Edit Passport Data",
      path: "/dashboard/admin/agent-data-entry",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/^Actions for /) }).first().click();
        await page.getByRole("menuitem", { name: t("Edit") }).click();
        const modal = await shown(dialog(page, t("Edit Passport Data")));
        await modal.getByLabel(t("Full Name")).waitFor();
        return modal;
      },
    },
    // Issue 27: the import wizard, before a file and with a file's preview (failed rows, a column not used).
    { name: "Import Passports (choose a file)", path: "/dashboard/admin/agent-data-entry", open: openImport },
    {
      name: "Import Passports (a file's preview)",
      path: "/dashboard/admin/agent-data-entry",
      open: async (page, t) => {
        const modal = await openImport(page, t);
        const file = { name: "a11y.csv", mimeType: "text/csv", buffer: Buffer.from("Full Name,Passport No,Phone,Remarks\r\nAb,EB1234567,123,x\r\n") };
        await modal.locator("input[type=file]").setInputFiles(file);
        await modal.getByRole("region", { name: t("Failed rows") }).waitFor();
        return shown(modal);
      },
    },
    { name: "Attachments", path: "/dashboard/admin/pending", open: openAttachments },
    { name: "Columns", path: "/dashboard/admin/pending", open: openColumns },
    { name: "header filter", path: "/dashboard/admin/pending", open: openFilter },
    { name: "Export menu", path: "/dashboard/admin/pending", open: openExportMenu },
    { name: "Export progress", path: "/dashboard/admin/pending", open: openExportProgress },
    {
      name: "Review confirmation",
      path: "/dashboard/admin/pending",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/^Review /) }).first().click();
        return shown(popover(page));
      },
    },
    {
      name: "Comment",
      path: "/dashboard/admin/pending",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/comment on /i) }).first().click();
        return shown(dialog(page, t("Comment")));
      },
    },
    {
      name: "Mark as Done confirmation",
      path: "/dashboard/admin/work-permit",
      open: async (page, t) => {
        // The first passport whose milestones allow it (issue 14's rules disable the others).
        await page.locator("button:not([disabled])", { hasText: t("Mark as Done") }).first().click();
        return shown(popover(page));
      },
    },
    {
      name: "Create Slot Number (empty, then a failed submit)",
      path: "/dashboard/admin/slot-creation",
      open: async (page, t) => {
        await page.getByRole("button", { name: t("Create Slot") }).click();
        return shown(dialog(page, t("Create Slot Number")));
      },
    },
    // Issue 26: the declared resources' screens (their lists are among the role's screens already).
    {
      name: "Create Employer (empty, then a failed submit)",
      path: "/dashboard/admin/employers",
      open: async (page, t) => {
        await page.getByRole("button", { name: t("Create Employer") }).click();
        return shown(dialog(page, t("Create Employer")));
      },
    },
    {
      name: "Create Demand Letter (empty, then a failed submit)",
      path: "/dashboard/admin/demand-letters",
      open: async (page, t) => {
        await page.getByRole("button", { name: t("Create Demand Letter") }).click();
        return shown(dialog(page, t("Create Demand Letter")));
      },
    },
    { name: "header filter (date range)", path: "/dashboard/admin/demand-letters", open: openFilter },
    {
      name: "Delete Demand Letter confirmation",
      path: "/dashboard/admin/demand-letters",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/^Delete /) }).first().click();
        return shown(popover(page));
      },
    },
    { name: "a demand letter's page, with its timeline", path: "/dashboard/admin/demand-letters", open: openRecordPage },
    {
      name: "Logout confirmation",
      path: "/dashboard/admin/reviewed",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/User menu$/) }).click();
        await page.getByRole("menuitem", { name: t("Logout") }).click();
        return shown(page.getByRole("dialog").filter({ hasText: t("Are you sure you want to log out?") }));
      },
    },
  ],
  SUPER_ADMIN: [
    {
      name: "Add Passport",
      path: "/dashboard/super-admin/pending",
      open: async (page, t) => {
        await page.getByRole("button", { name: t("Add Passport") }).click();
        const modal = await shown(dialog(page, t("Add Passport")));
        await modal.getByLabel(t("Full Name")).waitFor();
        return modal;
      },
    },
    {
      name: "Comment",
      path: "/dashboard/super-admin/pending",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/comment on /i) }).first().click();
        return shown(dialog(page, t("Comment")));
      },
    },
    {
      name: "Approve confirmation",
      path: "/dashboard/super-admin/final-approval",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/^Approve /) }).first().click();
        return shown(popover(page));
      },
    },
    { name: "header filter (status)", path: "/dashboard/super-admin/passport-history", open: openFilter },
    {
      name: "Delete user confirmation",
      path: "/dashboard/super-admin/user-list",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/^Delete /) }).first().click();
        return shown(popover(page));
      },
    },
    { name: "an employer's page, read-only", path: "/dashboard/super-admin/employers", open: openRecordPage },
    {
      name: "Update User form (filled, then a failed submit)",
      path: "/dashboard/super-admin/user-list",
      open: async (page, t) => {
        await page.getByRole("button", { name: t(/^Edit /) }).first().click();
        const form = page.getByRole("form", { name: t("Update User") });
        await form.getByLabel(t("Username")).waitFor();
        return form;
      },
    },
  ],
};

async function openAttachments(page: Page, t: Texts) {
  await page.getByRole("button", { name: t("View Attachments") }).first().click();
  const modal = await shown(dialog(page, t("Attachments")));
  await page.waitForFunction(() => !document.querySelector(".ant-modal .ant-skeleton"));
  return modal;
}

async function openImport(page: Page, t: Texts) {
  await page.getByRole("button", { name: t("Import"), exact: true }).click();
  const modal = await shown(dialog(page, t("Import Passports")));
  await modal.getByText(t("Choose a CSV or Excel (XLSX) file")).waitFor();
  return modal;
}

async function openColumns(page: Page, t: Texts) {
  await page.getByRole("button", { name: t("Columns") }).click();
  return shown(dialog(page, t(/^Columns of /)));
}

/** The Export button's menu of formats (issue 27). */
async function openExportMenu(page: Page, t: Texts) {
  await page.getByRole("button", { name: t("Export") }).click();
  return shown(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)"));
}

/** The dialog shown while a file downloads: its answer is held back, so it stays open to be checked. */
async function openExportProgress(page: Page, t: Texts) {
  await page.route(/format=csv/, () => {});
  await openExportMenu(page, t);
  await page.getByRole("menuitem", { name: "CSV" }).click();
  return shown(dialog(page, t(/^Exporting /)));
}

async function openFilter(page: Page) {
  await page.locator(".ant-table-filter-trigger[tabindex='0']").last().click();
  return shown(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)"));
}

/** A declared record's page (issue 26), opened from its list: its fields and its history. */
async function openRecordPage(page: Page, t: Texts) {
  await page.getByRole("link", { name: t(/^Show /) }).first().click();
  await page.getByRole("list", { name: t("Timeline") }).waitFor();
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
  return undefined;
}

/** Submits the form inside `scope` with its first submit button and waits for its error messages. */
async function failSubmit(scope: Locator) {
  await scope.locator("button[type=submit]").first().click();
  await shown(scope.locator(".ant-form-item-explain-error").first());
}

describe("the checker", () => {
  it("is axe-core 4.14 with the experimental label-content-name-mismatch on", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.setContent('<html lang="en"><head><title>t</title></head><body><main><button aria-label="Close">Open</button></main></body></html>');
      const violations = await axeViolations(page);
      expect(violations.map((v) => v.id)).toContain("label-content-name-mismatch");
      expect(await page.evaluate(() => (window as unknown as { axe: { version: string } }).axe.version)).toBe("4.14.1");
    } finally {
      await context.close();
    }
  });
});


describe.each(LANGUAGES)("axe-core finds no serious or critical violation, in %s", (language) => {
  const t = textIn(language);

  it("on sign-in, empty and after a failed submit", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      await page.goto(`${server.url}/signin`);
      await page.getByTestId("language-switch").getByRole("button", { name: LANGUAGE_NAMES[language], exact: true }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByRole("button", { name: t("Sign In") }).waitFor();
      await check(page, "sign-in", found);
      await page.getByRole("button", { name: t("Sign In") }).click();
      await shown(page.getByText(t("Enter your username")));
      await check(page, "sign-in after a failed submit", found);
      await page.goto(`${server.url}/no-such-page`);
      await page.getByRole("heading", { name: t("404 Not Found") }).waitFor();
      await check(page, "404", found);
    } finally {
      await context.close();
    }
    expect(found.join("\n\n")).toBe("");
  });

  // Each test visits every screen (or dialog) of a role in turn: minutes on a busy machine.
  describe.each(ROLES)("for %s", { timeout: 360_000 }, (role) => {
    it("on every screen of the role, with one h1 each", async () => {
      const { context, page } = await signedIn(role, language);
      const found: string[] = [];
      try {
        for (const screen of screensOf(role)) {
          await page.goto(`${server.url}${screen.path}`);
          await settled(page);
          await check(page, screen.name, found);
          const h1 = await page.locator("h1").allTextContents();
          if (h1.length !== 1) found.push(`${screen.name}: ${h1.length} h1 (${h1.join(", ")})`);
        }
        await page.goto(`${server.url}/profile`);
        await page.getByText(t("Username")).first().waitFor();
        await settled(page).catch(() => undefined);
        await check(page, "profile", found);
      } finally {
        await context.close();
      }
      expect(found.join("\n\n")).toBe("");
    });

    it("in every modal, popup and form of the role", async () => {
      const { context, page } = await signedIn(role, language);
      const found: string[] = [];
      try {
        for (const { name, path, open } of DIALOGS[role]) {
          await page.goto(`${server.url}${path}`);
          await settled(page);
          const opened = await open(page, t);
          await check(page, name, found);
          if (opened && /failed submit/.test(name)) {
            if (name.startsWith("Update User")) await opened.getByLabel(t("Username")).fill("");
            await failSubmit(opened);
            await check(page, `${name}: after the failed submit`, found);
          }
        }
        if (role === "SUPER_ADMIN") {
          await page.goto(`${server.url}/dashboard/super-admin/create-user`);
          const form = page.getByRole("form", { name: t("Create New User") });
          await failSubmit(form);
          await check(page, "Create New User after a failed submit", found);
        }
      } finally {
        await context.close();
      }
      expect(found.join("\n\n")).toBe("");
    });
  });
});

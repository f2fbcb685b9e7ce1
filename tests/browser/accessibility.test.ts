/**
 * Issue 15: axe-core finds no serious or critical violation on sign-in, on every screen of every role
 * (derived from the resource declarations, so a screen declared later is checked too), and in every
 * modal, popup and form, empty and after a failed submit. One server, one browser, one context per
 * role; the screens are visited in turn.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/contract";
import { describeViolations, severeViolations } from "./a11y";
import { ROLES, screensOf } from "./screens";
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
async function check(page: Page, what: string, found: string[], scope?: Locator) {
  const violations = await severeViolations(page, scope);
  if (violations.length > 0) {
    found.push(`${what}:\n${describeViolations(violations)}`);
    await screenshot(page, `axe ${what}`);
  }
}

async function signedIn(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signIn(page, server.url, ACCOUNT[role].username, ACCOUNT[role].password);
  return { context, page };
}

/**
 * The modals, popups and forms to check beyond the screens themselves, by role: each opens one on the
 * screen given and returns it (closing is done by reloading the next screen). Add new ones here.
 */
const DIALOGS: Record<Role, { name: string; path: string; open: (page: Page) => Promise<Locator | undefined> }[]> = {
  AGENT: [
    { name: "Attachments", path: "/dashboard/agent/pending", open: openAttachments },
    { name: "Columns", path: "/dashboard/agent/pending", open: openColumns },
    { name: "header filter", path: "/dashboard/agent/approved", open: openFilter },
  ],
  ADMIN: [
    {
      name: "Add Passport (empty, then a failed submit)",
      path: "/dashboard/admin/agent-data-entry",
      open: async (page) => {
        await page.getByRole("button", { name: "Create Client Info" }).click();
        const modal = await shown(dialog(page, "Add Passport"));
        await modal.getByLabel("Full Name").waitFor();
        return modal;
      },
    },
    {
      name: "Edit Passport Data",
      path: "/dashboard/admin/agent-data-entry",
      open: async (page) => {
        await page.getByRole("button", { name: /^Actions for / }).first().click();
        await page.getByRole("menuitem", { name: "Edit" }).click();
        const modal = await shown(dialog(page, "Edit Passport Data"));
        await modal.getByLabel("Full Name").waitFor();
        return modal;
      },
    },
    // Issue 27: the import wizard, before a file and with a file's preview (failed rows, a column not used).
    { name: "Import Passports (choose a file)", path: "/dashboard/admin/agent-data-entry", open: openImport },
    {
      name: "Import Passports (a file's preview)",
      path: "/dashboard/admin/agent-data-entry",
      open: async (page) => {
        const modal = await openImport(page);
        const file = { name: "a11y.csv", mimeType: "text/csv", buffer: Buffer.from("Full Name,Passport No,Phone,Remarks\r\nAb,EB1234567,123,x\r\n") };
        await modal.locator("input[type=file]").setInputFiles(file);
        await modal.getByRole("region", { name: "Failed rows" }).waitFor();
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
      open: async (page) => {
        await page.getByRole("button", { name: /^Review / }).first().click();
        return shown(popover(page));
      },
    },
    {
      name: "Comment",
      path: "/dashboard/admin/pending",
      open: async (page) => {
        await page.getByRole("button", { name: /comment on /i }).first().click();
        return shown(dialog(page, "Comment"));
      },
    },
    {
      name: "Mark as Done confirmation",
      path: "/dashboard/admin/work-permit",
      open: async (page) => {
        // The first passport whose milestones allow it (issue 14's rules disable the others).
        await page.locator("button:not([disabled])", { hasText: "Mark as Done" }).first().click();
        return shown(popover(page));
      },
    },
    {
      name: "Create Slot Number (empty, then a failed submit)",
      path: "/dashboard/admin/slot-creation",
      open: async (page) => {
        await page.getByRole("button", { name: "Create Slot" }).click();
        return shown(dialog(page, "Create Slot Number"));
      },
    },
    // Issue 26: the declared resources' screens (their lists are among the role's screens already).
    {
      name: "Create Employer (empty, then a failed submit)",
      path: "/dashboard/admin/employers",
      open: async (page) => {
        await page.getByRole("button", { name: "Create Employer" }).click();
        return shown(dialog(page, "Create Employer"));
      },
    },
    {
      name: "Create Demand Letter (empty, then a failed submit)",
      path: "/dashboard/admin/demand-letters",
      open: async (page) => {
        await page.getByRole("button", { name: "Create Demand Letter" }).click();
        return shown(dialog(page, "Create Demand Letter"));
      },
    },
    { name: "header filter (date range)", path: "/dashboard/admin/demand-letters", open: openFilter },
    {
      name: "Delete Demand Letter confirmation",
      path: "/dashboard/admin/demand-letters",
      open: async (page) => {
        await page.getByRole("button", { name: /^Delete / }).first().click();
        return shown(popover(page));
      },
    },
    { name: "a demand letter's page, with its timeline", path: "/dashboard/admin/demand-letters", open: openRecordPage },
    {
      name: "Logout confirmation",
      path: "/dashboard/admin/reviewed",
      open: async (page) => {
        await page.getByRole("button", { name: /User menu$/ }).click();
        await page.getByRole("menuitem", { name: "Logout" }).click();
        return shown(page.getByRole("dialog").filter({ hasText: "Are you sure you want to log out?" }));
      },
    },
  ],
  SUPER_ADMIN: [
    {
      name: "Add Passport",
      path: "/dashboard/super-admin/pending",
      open: async (page) => {
        await page.getByRole("button", { name: "Add Passport" }).click();
        const modal = await shown(dialog(page, "Add Passport"));
        await modal.getByLabel("Full Name").waitFor();
        return modal;
      },
    },
    {
      name: "Comment",
      path: "/dashboard/super-admin/pending",
      open: async (page) => {
        await page.getByRole("button", { name: /comment on /i }).first().click();
        return shown(dialog(page, "Comment"));
      },
    },
    {
      name: "Approve confirmation",
      path: "/dashboard/super-admin/final-approval",
      open: async (page) => {
        await page.getByRole("button", { name: /^Approve / }).first().click();
        return shown(popover(page));
      },
    },
    { name: "header filter (status)", path: "/dashboard/super-admin/passport-history", open: openFilter },
    {
      name: "Delete user confirmation",
      path: "/dashboard/super-admin/user-list",
      open: async (page) => {
        await page.getByRole("button", { name: /^Delete / }).first().click();
        return shown(popover(page));
      },
    },
    { name: "an employer's page, read-only", path: "/dashboard/super-admin/employers", open: openRecordPage },
    {
      name: "Update User form (filled, then a failed submit)",
      path: "/dashboard/super-admin/user-list",
      open: async (page) => {
        await page.getByRole("button", { name: /^Edit / }).first().click();
        const form = page.getByRole("form", { name: "Update User" });
        await form.getByLabel("Username").waitFor();
        return form;
      },
    },
  ],
};

async function openAttachments(page: Page) {
  await page.getByRole("button", { name: "View Attachments" }).first().click();
  const modal = await shown(dialog(page, "Attachments"));
  await page.waitForFunction(() => !document.querySelector(".ant-modal .ant-skeleton"));
  return modal;
}

async function openImport(page: Page) {
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const modal = await shown(dialog(page, "Import Passports"));
  await modal.getByText("Choose a CSV or Excel (XLSX) file").waitFor();
  return modal;
}

async function openColumns(page: Page) {
  await page.getByRole("button", { name: "Columns" }).click();
  return shown(dialog(page, /^Columns of /));
}

/** The Export button's menu of formats (issue 27). */
async function openExportMenu(page: Page) {
  await page.getByRole("button", { name: "Export" }).click();
  return shown(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)"));
}

/** The dialog shown while a file downloads: its answer is held back, so it stays open to be checked. */
async function openExportProgress(page: Page) {
  await page.route(/format=csv/, () => {});
  await openExportMenu(page);
  await page.getByRole("menuitem", { name: "CSV" }).click();
  return shown(dialog(page, /^Exporting /));
}

async function openFilter(page: Page) {
  await page.locator(".ant-table-filter-trigger[tabindex='0']").last().click();
  return shown(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)"));
}

/** A declared record's page (issue 26), opened from its list: its fields and its history. */
async function openRecordPage(page: Page) {
  await page.getByRole("link", { name: /^Show / }).first().click();
  await page.getByRole("list", { name: "Timeline" }).waitFor();
  await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
  return undefined;
}

/** Submits the form inside `scope` with its first submit button and waits for its error messages. */
async function failSubmit(scope: Locator) {
  await scope.locator("button[type=submit]").first().click();
  await shown(scope.locator(".ant-form-item-explain-error").first());
}

describe("axe-core finds no serious or critical violation", () => {
  it("on sign-in, empty and after a failed submit", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      await page.goto(`${server.url}/signin`);
      await page.getByRole("button", { name: "Sign In" }).waitFor();
      await check(page, "sign-in", found);
      await page.getByRole("button", { name: "Sign In" }).click();
      await shown(page.getByText("Enter your username"));
      await check(page, "sign-in after a failed submit", found);
      await page.goto(`${server.url}/no-such-page`);
      await page.getByRole("heading", { name: "404 Not Found" }).waitFor();
      await check(page, "404", found);
    } finally {
      await context.close();
    }
    expect(found.join("\n\n")).toBe("");
  });

  // Each test visits every screen (or dialog) of a role in turn: minutes on a busy machine.
  describe.each(ROLES)("for %s", { timeout: 360_000 }, (role) => {
    it("on every screen of the role, with one h1 each", async () => {
      const { context, page } = await signedIn(role);
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
        await page.getByText("Username").first().waitFor();
        await settled(page).catch(() => undefined);
        await check(page, "profile", found);
      } finally {
        await context.close();
      }
      expect(found.join("\n\n")).toBe("");
    });

    it("in every modal, popup and form of the role", async () => {
      const { context, page } = await signedIn(role);
      const found: string[] = [];
      try {
        for (const { name, path, open } of DIALOGS[role]) {
          await page.goto(`${server.url}${path}`);
          await settled(page);
          const opened = await open(page);
          await check(page, name, found);
          if (opened && /failed submit/.test(name)) {
            if (name.startsWith("Update User")) await opened.getByLabel("Username").fill("");
            await failSubmit(opened);
            await check(page, `${name}: after the failed submit`, found);
          }
        }
        if (role === "SUPER_ADMIN") {
          await page.goto(`${server.url}/dashboard/super-admin/create-user`);
          const form = page.getByRole("form", { name: "Create New User" });
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

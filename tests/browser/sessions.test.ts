/**
 * Issue 11 in a real browser: the profile's sessions and "Sign out everywhere else", and a super admin
 * disabling a user, which sends that user's open page back to sign-in saying why. Two browser contexts
 * stand for two computers; a fresh seeded SQLite and the built app.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED_MESSAGE } from "../../src/contract";
import { confirmPopover, DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

let server: RunningServer;
let browser: Browser;
/** The second computer, closed after each test. */
let elsewhere: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await elsewhere?.close();
  elsewhere = undefined;
});

const open = usePage(() => browser);

async function openElsewhere(): Promise<Page> {
  elsewhere = await browser.newContext({ viewport: { width: 1366, height: 900 }, userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });
  const page = await elsewhere.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const sessionRows = (page: Page) => page.locator(".ant-card").filter({ hasText: "Where you are signed in" }).locator("tbody tr.ant-table-row");
const signInNotice = (page: Page) => page.getByRole("alert").filter({ hasText: "Please" });

describe("profile: where you are signed in (issue 11)", () => {
  it("lists both computers, and Sign out everywhere else sends the other one back to sign-in saying why", async () => {
    const other = await openElsewhere();
    await signIn(other, server.url, DEMO.agent.username, DEMO.agent.password);
    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);

    await page.goto(`${server.url}/profile`);
    await expect.poll(() => sessionRows(page).count()).toBe(2);
    const here = sessionRows(page).filter({ hasText: "This browser" });
    await expect.poll(() => here.innerText()).toMatch(/Chrome \d+ on Linux[\s\S]*127\.0\.0\.1/);
    const firefox = sessionRows(page).filter({ hasText: "Firefox 128 on Linux" });
    expect(await firefox.getByRole("button", { name: /^Sign out Firefox 128 on Linux/ }).isVisible()).toBe(true);
    expect(await here.getByRole("button").count()).toBe(0);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await confirmPopover(page, "Sign out everywhere else?", "Sign out");
    await page.getByText("Signed out 1 session elsewhere").waitFor();
    await expect.poll(() => sessionRows(page).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Sign out everywhere else" }).isDisabled()).toBe(true);

    // The other computer learns it at its next call.
    await other.reload();
    await other.waitForURL((url) => url.pathname === "/signin");
    await expect.poll(() => signInNotice(other).innerText()).toBe("This session was signed out from another browser. Please sign in again.");
    // This one carries on.
    await page.reload();
    await expect.poll(() => sessionRows(page).count()).toBe(1);
  });
});

describe("super admin: disabling a user (issue 11)", () => {
  it("ends the user's open session, which returns to sign-in with the notice; enabling lets them back", async () => {
    const agentPage = await openElsewhere();
    await signIn(agentPage, server.url, DEMO.agent2.username, DEMO.agent2.password);
    await agentPage.waitForURL(/\/dashboard\/agent/);

    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await page.goto(`${server.url}/dashboard/super-admin/user-list`);
    const row = page.locator("tbody tr.ant-table-row").filter({ hasText: `${DEMO.agent2.username}@` });
    await row.getByRole("button", { name: `Disable ${DEMO.agent2.username}`, exact: true }).click();
    await confirmPopover(page, `Disable ${DEMO.agent2.username}?`, "Disable");
    await page.getByText(`${DEMO.agent2.username} is disabled and was signed out`).waitFor();
    await row.getByText("Disabled", { exact: true }).waitFor();

    // The agent's page goes back to sign-in at its next call, saying why.
    await agentPage.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Approved", exact: true }).click();
    await agentPage.waitForURL((url) => url.pathname === "/signin");
    await expect.poll(() => signInNotice(agentPage).innerText()).toBe(ACCOUNT_DISABLED_MESSAGE);
    // Signing in again is refused with the same words.
    await agentPage.getByLabel("Username").fill(DEMO.agent2.username);
    await agentPage.getByLabel("Password").fill(DEMO.agent2.password);
    await agentPage.getByRole("button", { name: "Sign In" }).click();
    await agentPage.getByText(ACCOUNT_DISABLED_MESSAGE).nth(1).waitFor();
    expect(new URL(agentPage.url()).pathname).toBe("/signin");

    await row.getByRole("button", { name: `Enable ${DEMO.agent2.username}`, exact: true }).click();
    await confirmPopover(page, `Enable ${DEMO.agent2.username}?`, "Enable");
    await page.getByText(`${DEMO.agent2.username} can sign in again`).waitFor();
    await signIn(agentPage, server.url, DEMO.agent2.username, DEMO.agent2.password);
  });
});

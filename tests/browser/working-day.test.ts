/**
 * The working day (issue 14) in Chromium against a real server and the demo data: the Overview's
 * "Needs attention" opens its list filtered; a passport's file shows its timeline and every comment;
 * an agent reaches its REVIEWED passport's file from the search; "Mark as Done" waits for the
 * milestones, saying why. Records are arranged through the API (as the screens would make them).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Passport, todayYmd } from "../../src/contract";
import { confirmPopover, DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = usePage(() => browser);

/** Calls the API as a demo account; answers the envelope's replyMessage and fails on a refusal. */
async function api<T>(account: { username: string; password: string }, method: "GET" | "PUT", url: string, payload?: object): Promise<T> {
  const login = await server.app.inject({ method: "POST", url: "/auth/login", payload: account });
  const headers = { authorization: `Bearer ${login.json().replyMessage.token}` };
  const res = await server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().replyMessage as T;
}
const firstOf = async (account: { username: string; password: string }, url: string) => (await api<{ content: Passport[] }>(account, "GET", url)).content[0];

const dayFromToday = (days: number) => {
  const now = new Date();
  return todayYmd(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
};

/** Sets what a visa needs on a REVIEWED passport, in the order the workflow rules allow. */
async function grantVisa(id: number, expiry: string) {
  await api(DEMO.admin, "PUT", `/api/passport/${id}/visa-applied-status/true`);
  await api(DEMO.admin, "PUT", `/api/passport/${id}/visa-granted-status/true`);
  await api(DEMO.admin, "PUT", `/api/passport/${id}/update-visa-issue-date`, { visaIssueDate: dayFromToday(-60) });
  await api(DEMO.admin, "PUT", `/api/passport/${id}/update-visa-expire-date`, { visaExpireDate: expiry });
}

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const menuLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true });
const fileDrawer = (page: Page) => page.locator(".ant-drawer-content");

describe("the working day (issue 14)", () => {
  it("an admin's Overview shows a visa expiring in 10 days and opens the list filtered to it", async () => {
    const passport = await firstOf(DEMO.admin, "/api/passport/filter?isSuperAdminApproved=REVIEWED&isVisaApplied=false&size=1");
    await grantVisa(passport.id, dayFromToday(10));

    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await menuLink(page, "Overview").click();
    const item = page.locator(".ant-list-item").filter({ hasText: "Visas expiring within 30 days" });
    await expect.poll(() => item.getByRole("link", { name: /^Visas expiring within 30 days, Reviewed: [1-9]/ }).count()).toBe(1);
    await item.getByRole("link", { name: /Reviewed/ }).click();

    await page.waitForURL(/\/dashboard\/admin\/reviewed\?visaExpireTo=/);
    expect(new URL(page.url()).searchParams.get("visaExpireTo")).toBe(dayFromToday(30));
    await expect.poll(() => page.getByText(/^Visa expires by: /).count()).toBe(1);
    await expect.poll(() => rows(page).filter({ hasText: passport.passportNo }).count()).toBe(1);
  });

  it("a passport's file shows its timeline after a review, a milestone and a comment by each role", async () => {
    const passport = await firstOf(DEMO.admin, "/api/passport/filter?isSuperAdminApproved=PENDING&size=1");
    const id = passport.id;
    await api(DEMO.admin, "PUT", `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "Police clearance checked" });
    await api(DEMO.admin, "PUT", `/api/passport/${id}/review`);
    await api(DEMO.admin, "PUT", `/api/passport/${id}/work-permit-approval-status/true`);
    await api(DEMO.superAdmin, "PUT", `/api/passport/${id}/comment-by-super-admin`, { commentBySuperAdmin: "Employer confirmed" });

    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await page.goto(`${server.url}/dashboard/super-admin/pending?passportNo=${passport.passportNo}`);
    await rows(page).filter({ hasText: passport.passportNo }).getByRole("button", { name: passport.fullName, exact: true }).click();

    await page.waitForURL(new RegExp(`[?&]passport=${id}(&|$)`));
    const drawer = fileDrawer(page);
    await drawer.locator(".ant-drawer-title").getByText(passport.passportNo).waitFor();
    await drawer.getByRole("tab", { name: "Timeline" }).click();
    const timeline = drawer.getByRole("tabpanel", { name: "Timeline" });
    for (const line of [
      'admin commented as admin: "Police clearance checked"',
      "admin moved it from PENDING to REVIEWED",
      "admin set Work Permit to Done",
      'superadmin commented as super admin: "Employer confirmed"',
    ]) {
      await expect.poll(() => timeline.getByText(line, { exact: true }).count(), { message: line }).toBe(1);
    }

    // The URL is the file's: opened again (a shared link), it shows the comments of both roles.
    await page.goto(`${page.url().replace(/&fileTab=\w+/, "")}&fileTab=comments`);
    const comments = fileDrawer(page).getByRole("tabpanel", { name: /Comments/ });
    await comments.getByText("Employer confirmed").waitFor();
    expect(await comments.locator(".ant-list-item").allInnerTexts()).toEqual([
      expect.stringMatching(/^admin\s+Admin\s+.+\nPolice clearance checked$/),
      expect.stringMatching(/^superadmin\s+Super Admin\s+.+\nEmployer confirmed$/),
    ]);
  });

  it("an agent opens the file of its REVIEWED passport from the search", async () => {
    const login = await server.app.inject({ method: "POST", url: "/auth/login", payload: DEMO.agent });
    const agentId = JSON.parse(Buffer.from(login.json().replyMessage.token.split(".")[1], "base64url").toString()).userId;
    const passport = await firstOf(DEMO.agent, `/api/passport/get-agent-in-progress-passports/${agentId}?isSuperAdminApproved=REVIEWED&size=1`);

    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill(passport.passportNo);
    await search.press("Enter");

    await page.waitForURL(new RegExp(`/dashboard/agent/in-progress\\?.*passport=${passport.id}`));
    const drawer = fileDrawer(page);
    await drawer.locator(".ant-drawer-title").getByText(passport.passportNo).waitFor();
    expect(await drawer.locator(".ant-drawer-title").innerText()).toContain(passport.fullName);
    await expect.poll(() => drawer.locator(".ant-drawer-title .ant-tag").innerText()).toBe("REVIEWED");
    // Behind it, the agent's In Progress list, filtered to that passport.
    await expect.poll(() => rows(page).filter({ hasText: passport.passportNo }).count()).toBe(1);
  });

  it('"Mark as Done" is disabled, saying why, until every milestone is done', async () => {
    const passport = await firstOf(DEMO.admin, "/api/passport/filter?isSuperAdminApproved=REVIEWED&isVisaApplied=false&isBMETApproved=false&size=1");
    const id = passport.id;
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await page.goto(`${server.url}/dashboard/admin/work-permit?passportNo=${passport.passportNo}`);
    const row = rows(page).filter({ hasText: passport.passportNo });
    const button = row.getByRole("button", { name: "Mark as Done" });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await button.locator("xpath=..").hover();
    await expect.poll(() => page.getByRole("tooltip").innerText()).toMatch(/^Mark as Done needs every milestone Done and the visa and flight dates set; missing: .*Visa Applied/);
    // Visa Granted waits for Visa Applied, and says so.
    expect(await row.getByRole("switch", { name: `Visa Granted for ${passport.fullName}` }).isDisabled()).toBe(true);

    for (const segment of ["work-permit-approval-status", "gadget-publication-status", "bmet-approval-status"]) {
      await api(DEMO.admin, "PUT", `/api/passport/${id}/${segment}/true`);
    }
    await grantVisa(id, dayFromToday(200));
    await api(DEMO.admin, "PUT", `/api/passport/${id}/flight-scheduled-status/true`);
    await api(DEMO.admin, "PUT", `/api/passport/${id}/update-flight-schedule-date`, { flightScheduleDate: `${dayFromToday(20)}T04:30:00.000Z` });

    await page.reload();
    await expect.poll(() => rows(page).filter({ hasText: passport.passportNo }).getByRole("button", { name: "Mark as Done" }).isEnabled()).toBe(true);
    await rows(page).filter({ hasText: passport.passportNo }).getByRole("button", { name: "Mark as Done" }).click();
    await confirmPopover(page, "mark this passport as done");
    await page.locator(".ant-notification-notice").filter({ hasText: "Passport marked as complete!" }).first().waitFor();
    expect((await api<Passport>(DEMO.admin, "GET", `/api/passport/${id}`)).isSuperAdminApproved).toBe("COMPLETED");
  });
});

/**
 * The whole workflow as one story (issue 5 "Done when"): an admin enters a passport for the agent,
 * reviews it, records its milestones and marks it done; the super admin approves it; the agent then
 * finds it among its approved passports. Real server on a fresh seeded SQLite database, the built
 * app, Debian's Chromium; every step goes through the screens.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseOption, confirmPopover, DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

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

const APPLICANT = {
  fullName: "Shahidul Workflow",
  passportNo: "WF9876543",
  dob: "1994-03-21",
};

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const theRow = (page: Page) => rows(page).filter({ hasText: APPLICANT.passportNo });
const menuLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true });

/** Opens a screen from the menu and waits for its heading (the previous screen stays while the next one's code loads). */
async function openScreen(page: Page, menu: string, heading: string) {
  await menuLink(page, menu).click();
  await page.getByRole("heading", { name: heading, level: 3 }).waitFor();
}

async function typeDate(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
}

/**
 * Filters the list to the applicant's passport number through the header popup, and waits for the row.
 * Waits for the list first: the popup opened while the columns are still settling can close again.
 */
async function findApplicant(page: Page) {
  await page.locator(".ant-table-tbody tr:not(.ant-table-measure-row)").first().waitFor();
  const input = page.getByLabel("Search Passport No");
  await expect
    .poll(
      async () => {
        if (!(await input.isVisible())) await page.getByLabel("Filter Passport No").first().click();
        return input.isVisible();
      },
      { timeout: 15_000, interval: 700 },
    )
    .toBe(true);
  await input.fill(APPLICANT.passportNo);
  await input.press("Enter");
  await expect.poll(() => rows(page).count()).toBe(1);
  await theRow(page).waitFor();
}

describe("the whole workflow (spec §1, §4)", () => {
  it("admin enters, reviews, tracks and completes a passport; the super admin approves it; the agent sees it approved", async () => {
    // 1. The admin enters the passport for `agent` through the Add Passport modal.
    const admin = await open();
    await signIn(admin, server.url, DEMO.admin.username, DEMO.admin.password);
    await openScreen(admin, "Agent Data Entry", "Agent Data Entry");
    await admin.getByRole("button", { name: "Create Client Info" }).click();
    const modal = admin.getByRole("dialog", { name: "Add Passport" });
    await modal.getByLabel("Full Name").waitFor();
    await modal.getByLabel("Full Name").fill(APPLICANT.fullName);
    await modal.getByLabel("Passport No").fill(APPLICANT.passportNo);
    await modal.getByLabel("Father's Name").fill("Abdul Workflow");
    await modal.getByLabel("Mother's Name").fill("Rahima Workflow");
    await modal.getByLabel("Schooling").fill("HSC");
    await modal.getByLabel("Phone").fill("01711223344");
    await modal.getByLabel("Contract Amount (BDT)").fill("350000");
    await typeDate(admin, "Passport Issue Date", "2023-01-10");
    await typeDate(admin, "Passport Expire Date", "2033-01-09");
    await typeDate(admin, "Date of Birth", APPLICANT.dob);
    await chooseOption(modal, "Agent", DEMO.agent.username);
    await chooseOption(modal, "Slot Number", "SLOT-2026-01");
    await modal.getByRole("button", { name: "Submit" }).click();
    await admin.getByText("Passport Added Successfully").waitFor();
    await modal.waitFor({ state: "hidden" });

    // 2. Pending → Review (after its confirmation).
    await openScreen(admin, "Pending", "Pending Passports");
    await findApplicant(admin);
    expect(await theRow(admin).innerText()).toContain(DEMO.agent.username);
    await theRow(admin).getByRole("button", { name: "Review" }).click();
    await confirmPopover(admin, "review");
    await admin.getByText("Passport reviewed successfully").waitFor();
    await theRow(admin).waitFor({ state: "detached" });

    // 3. Work Permit Submission: every milestone, then Mark as Done.
    await openScreen(admin, "Work Permit Submission", "Work Permit Submission");
    await findApplicant(admin);
    for (const milestone of ["Work Permit", "Gadget Published", "Visa Applied", "Visa Granted", "BMET Approved", "Flight Scheduled"]) {
      const toggle = admin.getByRole("switch", { name: `${milestone} for ${APPLICANT.fullName}` });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
      await expect.poll(() => toggle.isDisabled()).toBe(false);
    }
    await theRow(admin).getByRole("button", { name: "Mark as Done" }).click();
    await confirmPopover(admin, "done");
    await admin.getByText("Passport marked as complete!").waitFor();
    await theRow(admin).waitFor({ state: "detached" });
    await admin.context().close();

    // 4. The super admin approves it on Final Approval.
    const superAdmin = await open();
    await signIn(superAdmin, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await openScreen(superAdmin, "Final Approval", "Passport Final Approval");
    await findApplicant(superAdmin);
    await theRow(superAdmin).getByRole("button", { name: `Approve ${APPLICANT.fullName}` }).click();
    await confirmPopover(superAdmin, "Are you sure you want to change the status to Approved?");
    await superAdmin.getByText("Passport Approval successfully").waitFor();
    await theRow(superAdmin).waitFor({ state: "detached" });
    await superAdmin.context().close();

    // 5. The agent finds it among its approved passports, every milestone Done.
    const agent = await open();
    await signIn(agent, server.url, DEMO.agent.username, DEMO.agent.password);
    await openScreen(agent, "Approved", "Approved Passports");
    await findApplicant(agent);
    const row = await theRow(agent).innerText();
    expect(row).toContain(APPLICANT.fullName);
    expect(row).toContain("APPROVED");
    expect(row).not.toContain("Processing");
    expect(row.match(/Done/g)).toHaveLength(6);
  });
});

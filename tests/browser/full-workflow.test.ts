/**
 * The whole workflow as one story (issue 5 "Done when"): an admin enters a passport for the agent
 * (agents are read-only); the agent sees it pending; the admin reviews it; the super admin comments
 * on it; the admin records every milestone and date and marks it done; the super admin approves it
 * and finds it in Approved and Application History; the agent finds it among its approved passports.
 * Real server on a fresh seeded SQLite database, the built app, Debian's Chromium; every step goes
 * through the screens, one signed-in role at a time.
 */
import type { Browser, Locator, Page } from "playwright-core";
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
const VISA_ISSUE = "2026-01-15";
const VISA_EXPIRY = "2027-01-14";
const FLIGHT = "2026-03-01 10:30";
const MILESTONES = ["Work Permit", "Gadget Published", "Visa Applied", "Visa Granted", "BMET Approved", "Flight Scheduled"];

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const theRow = (page: Page) => rows(page).filter({ hasText: APPLICANT.passportNo });
const menuLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true });
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();

let current: Page | undefined;
/** Ends the previous role's session and signs `account` in, in a fresh browser context. */
async function signInAs(account: { username: string; password: string }): Promise<Page> {
  await current?.context().close();
  current = await open();
  await signIn(current, server.url, account.username, account.password);
  return current;
}

/** Opens a screen from the menu and waits for its heading (the previous screen stays while the next one's code loads). */
async function openScreen(page: Page, menu: string, heading: string) {
  await menuLink(page, menu).click();
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

async function typeDate(scope: Page | Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
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

/** How the tables and pickers show the visa dates and the flight time: day first (issue 15). */
const SHOWN = { issue: "15/01/2026", expiry: "14/01/2027", flight: "01/03/2026 10:30" };
const shownDates = async (_page: Page) => [SHOWN.issue, SHOWN.expiry, SHOWN.flight];

/** The row reads APPROVED, every milestone Done and the three dates set. */
async function expectApprovedWithEverything(page: Page) {
  const row = await theRow(page).innerText();
  expect(row).toContain(APPLICANT.fullName);
  expect(row).toContain("APPROVED");
  expect(row).not.toContain("Processing");
  expect(row.match(/Done/g)).toHaveLength(MILESTONES.length);
  for (const text of await shownDates(page)) expect(row).toContain(text);
}

describe("the whole workflow (spec §1, §4)", () => {
  // Three users and a dozen screens in one journey: on a loaded CI machine it has run past the 120 s
  // every browser test gets, so it has twice that (a time-out, not a speed check).
  it("admin enters a passport for the agent, who sees it pending; admin reviews; super admin comments; admin tracks and completes it; super admin approves; the agent sees it approved", { timeout: 240_000 }, async () => {
    // 1. The admin enters the passport for `agent` through the Add Passport modal.
    let admin = await signInAs(DEMO.admin);
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
    await toast(admin, "Passport Added Successfully").waitFor();
    await modal.waitFor({ state: "hidden" });

    // 2. The agent sees it in its Pending list before any review, read-only.
    let agent = await signInAs(DEMO.agent);
    await openScreen(agent, "Pending", "Pending Passports");
    await findApplicant(agent);
    const pendingRow = await theRow(agent).innerText();
    expect(pendingRow).toContain(APPLICANT.fullName);
    expect(pendingRow).toContain("PENDING");
    expect(pendingRow).not.toContain("Done");
    // Read-only: the name opens the passport's file; nothing else but the documents.
    expect(await theRow(agent).getByRole("button").allInnerTexts()).toEqual([APPLICANT.fullName, "View Attachments"]);

    // 3. The admin reviews it (after its confirmation).
    admin = await signInAs(DEMO.admin);
    await openScreen(admin, "Pending", "Pending Passports");
    await findApplicant(admin);
    expect(await theRow(admin).innerText()).toContain(DEMO.agent.username);
    await theRow(admin).getByRole("button", { name: "Review" }).click();
    await confirmPopover(admin, "review");
    await toast(admin, "Passport reviewed successfully").waitFor();
    await theRow(admin).waitFor({ state: "detached" });

    // 4. The super admin comments on it in Pending (REVIEWED passports).
    let superAdmin = await signInAs(DEMO.superAdmin);
    await openScreen(superAdmin, "Pending", "Pending Passports");
    await findApplicant(superAdmin);
    const comment = theRow(superAdmin).getByRole("button", { name: `Write a comment on ${APPLICANT.fullName}`, exact: true });
    expect(await comment.innerText()).toBe("Write a comment");
    await comment.click();
    const dialog = superAdmin.getByRole("dialog", { name: "Comment" });
    await dialog.getByPlaceholder("Write comment here").fill("Ready for the work permit");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await toast(superAdmin, "Comment added successfully").waitFor();
    await dialog.waitFor({ state: "hidden" });
    // The Comment column shows the latest comment and how many the thread holds.
    const written = theRow(superAdmin).getByRole("button", { name: `Ready for the work permit (comment on ${APPLICANT.fullName})`, exact: true });
    await expect.poll(() => written.innerText()).toBe("Ready for the work permit");
    await theRow(superAdmin).getByRole("button", { name: `1 comment on ${APPLICANT.fullName}`, exact: true }).waitFor();

    // 5. The admin sets every milestone and the three dates on Work Permit Submission, then Mark as Done.
    admin = await signInAs(DEMO.admin);
    await openScreen(admin, "Work Permit Submission", "Work Permit Submission");
    await findApplicant(admin);
    const row = theRow(admin);
    for (const milestone of MILESTONES) {
      const toggle = row.getByRole("switch", { name: `${milestone} for ${APPLICANT.fullName}` });
      await toggle.click();
      await toast(admin, `${milestone} status updated`).waitFor();
      await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
      await expect.poll(() => toggle.isDisabled()).toBe(false);
    }
    await typeDate(row, `Visa Issue Date for ${APPLICANT.fullName}`, VISA_ISSUE);
    await toast(admin, "Visa issue date updated").waitFor();
    await typeDate(row, `Visa Expiry Date for ${APPLICANT.fullName}`, VISA_EXPIRY);
    await toast(admin, "Visa expiry date updated").waitFor();
    await typeDate(row, `Flight Schedule Date for ${APPLICANT.fullName}`, FLIGHT);
    await toast(admin, "Flight schedule date updated").waitFor();
    await expect.poll(() => row.getByLabel(`Visa Issue Date for ${APPLICANT.fullName}`).inputValue()).toBe(SHOWN.issue);
    await expect.poll(() => row.getByLabel(`Visa Expiry Date for ${APPLICANT.fullName}`).inputValue()).toBe(SHOWN.expiry);
    await expect.poll(() => row.getByLabel(`Flight Schedule Date for ${APPLICANT.fullName}`).inputValue()).toBe(SHOWN.flight);
    await row.getByRole("button", { name: "Mark as Done" }).click();
    await confirmPopover(admin, "done");
    await toast(admin, "Passport marked as complete!").waitFor();
    await theRow(admin).waitFor({ state: "detached" });

    // 6. The super admin approves it on Final Approval; it shows in Approved and Application History.
    superAdmin = await signInAs(DEMO.superAdmin);
    await openScreen(superAdmin, "Final Approval", "Passport Final Approval");
    await findApplicant(superAdmin);
    expect(await theRow(superAdmin).innerText()).toContain("COMPLETED");
    await theRow(superAdmin).getByRole("button", { name: `Approve ${APPLICANT.fullName}` }).click();
    await confirmPopover(superAdmin, "Are you sure you want to change the status to Approved?");
    await toast(superAdmin, "Passport Approval successfully").waitFor();
    await theRow(superAdmin).waitFor({ state: "detached" });

    await openScreen(superAdmin, "Approved", "Approved Passports");
    await findApplicant(superAdmin);
    expect(await theRow(superAdmin).innerText()).toContain("APPROVED");

    await openScreen(superAdmin, "Application History", "Application History");
    await findApplicant(superAdmin);
    await expectApprovedWithEverything(superAdmin);

    // 7. The agent finds it among its approved passports, every milestone Done, the dates set.
    agent = await signInAs(DEMO.agent);
    await openScreen(agent, "Approved", "Approved Passports");
    await findApplicant(agent);
    await expectApprovedWithEverything(agent);
  });
});

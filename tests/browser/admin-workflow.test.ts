/**
 * Issue 4 in a real browser: an admin enters a passport with two documents, finds it with a header
 * filter, opens its attachments, edits it (its documents stay), comments on and reviews it, records
 * every milestone and date (each with its toast), marks it done; rejects another; manages a slot; and
 * reloads a filtered list paged 20 at a time. Real server on a fresh seeded SQLite database, the
 * built app, Debian's Chromium. One signed-in page serves the whole file, so the steps run in order.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { daysUntil } from "../../src/contract";
import { chooseOption, confirmPopover, DEMO, launchBrowser, type RunningServer, screenshot, signIn, startServer } from "./support";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;

/** A one-page PDF and a 1×1 PNG, written where the file inputs can pick them up. */
function writeDocuments(dir: string) {
  const pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
  writeFileSync(join(dir, "certificate.pdf"), pdf);
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  writeFileSync(join(dir, "photo.png"), Buffer.from(png, "base64"));
}

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "admin-workflow-"));
  writeDocuments(files);
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") await screenshot(page, task.name);
});

const APPLICANT = { fullName: "Nazmul Browser", passportNo: "NB1234567", phone: "01711000222", newPhone: "01899000333" };

const rows = () => page.locator(".ant-table-tbody tr.ant-table-row");
const rowOf = (text: string) => rows().filter({ hasText: text });
const menuLink = (name: string) => page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true });
/**
 * Opens a screen from the menu and waits for its heading: until the new page's code has loaded, the
 * previous page (and its table) stays on screen.
 */
async function openScreen(menu: string, heading: string) {
  await menuLink(menu).click();
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  await rows().first().waitFor();
}
const toast = (text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();
/** Waits for a passport list reply whose query holds `params`. */
function listResponse(params: Record<string, string>) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.startsWith("/api/passport/") && Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v);
  });
}

/** Row texts once the table has finished loading. */
async function settledRows(): Promise<string[]> {
  await page.locator(".ant-table-wrapper .ant-spin-spinning").waitFor({ state: "detached" });
  return rows().allInnerTexts();
}

async function typeDate(scope: Page | ReturnType<Page["getByRole"]>, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
}

/** Header search popup: type, Search, and wait for the URL to carry the filter. */
async function searchColumn(title: string, key: string, value: string) {
  await page.getByLabel(`Filter ${title}`).first().click();
  const input = page.getByLabel(`Search ${title}`);
  await input.fill(value);
  await input.press("Enter");
  await page.waitForURL((url) => url.searchParams.get(key) === value);
}

const confirm = (question: string) => confirmPopover(page, question);

/**
 * Picks "N / page" in the table's size changer (antd labels both its box and its input "Page Size",
 * so chooseOption cannot find it by label); tries again if the option was still sliding into place.
 */
async function choosePageSize(size: number) {
  const changer = page.locator(".ant-pagination-options-size-changer");
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${size} / page"]`);
  const shown = changer.locator(`.ant-select-selection-item[title="${size} / page"]`);
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        if (!(await option.isVisible())) await changer.click();
        await option.click({ timeout: 5_000 }).catch(() => undefined);
        return shown.isVisible();
      },
      { interval: 300 },
    )
    .toBe(true);
}

/** The open Attachments modal shows the certificate (a PDF in a frame) and the photo (an image); then closes it. */
async function expectBothDocuments() {
  const modal = page.getByRole("dialog", { name: "Attachments" });
  await modal.getByText("Educational Certificate").waitFor();
  await modal.getByText("Recent Picture").waitFor();
  await expect.poll(() => modal.locator("iframe").count()).toBe(1);
  await expect.poll(() => modal.locator("img").count()).toBe(1);
  expect(await modal.getByText("certificate.pdf").count()).toBeGreaterThan(0);
  await modal.getByRole("button", { name: "Close" }).click();
  await modal.waitFor({ state: "hidden" });
}

/** Waits for the PUT whose path ends with `suffix` while `action` runs. */
async function put(suffix: string, action: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "PUT" && new URL(r.url()).pathname.endsWith(suffix)),
    action(),
  ]);
  expect(response.status()).toBe(200);
  return response;
}

describe("admin workflow (issue 4)", () => {
  it("creates a passport with two documents and finds it with a header filter", async () => {
    await openScreen("Agent Data Entry", "Agent Data Entry");
    await page.getByRole("button", { name: "Create Client Info" }).click();
    const modal = page.getByRole("dialog", { name: "Add Passport" });
    await modal.getByLabel("Full Name").fill(APPLICANT.fullName);
    await modal.getByLabel("Passport No").fill(APPLICANT.passportNo);
    await modal.getByLabel("Father's Name").fill("Karim Browser");
    await modal.getByLabel("Mother's Name").fill("Salma Browser");
    await modal.getByLabel("Schooling").fill("SSC");
    await modal.getByLabel("Phone").fill(APPLICANT.phone);
    await modal.getByLabel("Contract Amount (BDT)").fill("250000");
    await typeDate(modal, "Passport Issue Date", "2023-02-01");
    await typeDate(modal, "Passport Expire Date", "2033-01-31");
    await typeDate(modal, "Date of Birth", "1996-07-15");
    await chooseOption(modal, "Agent", DEMO.agent2.username);
    await chooseOption(modal, "Slot Number", "SLOT-2026-02");
    await modal.getByLabel("1 Educational Certificates").setInputFiles(join(files, "certificate.pdf"));
    await modal.getByLabel("2 Photo").setInputFiles(join(files, "photo.png"));
    await modal.getByText("photo.png").waitFor();

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/passport/add")),
      modal.getByRole("button", { name: "Submit" }).click(),
    ]);
    expect(request.headers()["content-type"]).toContain("multipart/form-data");
    await toast("Passport Added Successfully").waitFor();
    await modal.waitFor({ state: "hidden" });

    await searchColumn("Full Name", "fullName", APPLICANT.fullName);
    await expect.poll(() => rows().count()).toBe(1);
    const row = await rowOf(APPLICANT.passportNo).innerText();
    expect(row).toContain(DEMO.agent2.username);
    expect(row).toContain("SLOT-2026-02");
    expect(row).toContain("PENDING");
    await page.getByText(`Full Name: ${APPLICANT.fullName}`).waitFor();
  });

  it("opens the passport's attachments and sees both documents", async () => {
    await rowOf(APPLICANT.passportNo).getByRole("button", { name: `Actions for ${APPLICANT.fullName}` }).click();
    await page.getByRole("menuitem", { name: "View Attachments" }).click();
    await expectBothDocuments();
  });

  it("edits the passport, keeping its documents", async () => {
    await rowOf(APPLICANT.passportNo).getByRole("button", { name: `Actions for ${APPLICANT.fullName}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const modal = page.getByRole("dialog", { name: "Edit Passport Data" });
    await modal.getByText("Upload Required Documents").waitFor();
    expect(await modal.getByLabel("Full Name").inputValue()).toBe(APPLICANT.fullName);
    await modal.getByText("Stored: certificate.pdf (kept unless replaced)").waitFor();
    await modal.getByLabel("Phone").fill(APPLICANT.newPhone);
    await put(`/update`, () => modal.getByRole("button", { name: "Update" }).click());
    await toast("Passport updated successfully").waitFor();
    await modal.waitFor({ state: "hidden" });
    await expect.poll(() => rowOf(APPLICANT.passportNo).innerText()).toContain(APPLICANT.newPhone);

    await rowOf(APPLICANT.passportNo).getByRole("button", { name: `Actions for ${APPLICANT.fullName}` }).click();
    await page.getByRole("menuitem", { name: "View Attachments" }).click();
    await expectBothDocuments();
  });

  it("comments on and reviews it on Pending; the row leaves the list", async () => {
    await openScreen("Pending", "Pending Passports");
    await searchColumn("Passport No", "passportNo", APPLICANT.passportNo);
    await expect.poll(() => rows().count()).toBe(1);

    await rowOf(APPLICANT.passportNo).getByRole("button", { name: `Comment on ${APPLICANT.fullName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Comment" });
    await dialog.getByPlaceholder("Write comment here").fill("Documents look complete");
    await put("/comment-by-admin", () => dialog.getByRole("button", { name: "Submit" }).click());
    await toast("Comment added successfully").waitFor();
    await expect.poll(() => rowOf(APPLICANT.passportNo).innerText()).toContain("Documents look complete");

    await rowOf(APPLICANT.passportNo).getByRole("button", { name: "Review" }).click();
    await put("/review", () => confirm("review"));
    await toast("Passport reviewed successfully").waitFor();
    await rowOf(APPLICANT.passportNo).waitFor({ state: "detached" });
  });

  it("sets every milestone and date on Work Permit Submission and marks it done", async () => {
    await openScreen("Work Permit Submission", "Work Permit Submission");
    await searchColumn("Passport No", "passportNo", APPLICANT.passportNo);
    await expect.poll(() => rows().count()).toBe(1);
    const row = rowOf(APPLICANT.passportNo);
    const link = row.getByRole("link", { name: "Check status" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await link.getAttribute("href")).toMatch(/^https:\/\//);

    for (const [label, segment] of [
      ["Work Permit", "work-permit-approval-status"],
      ["Gadget Published", "gadget-publication-status"],
      ["Visa Applied", "visa-applied-status"],
      ["Visa Granted", "visa-granted-status"],
      ["BMET Approved", "bmet-approval-status"],
      ["Flight Scheduled", "flight-scheduled-status"],
    ]) {
      const toggle = row.getByRole("switch", { name: `${label} for ${APPLICANT.fullName}` });
      await put(`/${segment}/true`, () => toggle.click());
      // Successes show the server's message (spec §8).
      await toast(`${label} status updated`).waitFor();
      await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
      await expect.poll(() => toggle.isDisabled()).toBe(false);
    }

    await put("/update-visa-issue-date", () => typeDate(row, `Visa Issue Date for ${APPLICANT.fullName}`, "2026-01-15"));
    await toast("Visa issue date updated").waitFor();
    await put("/update-visa-expire-date", () => typeDate(row, `Visa Expiry Date for ${APPLICANT.fullName}`, "2027-01-14"));
    await toast("Visa expiry date updated").waitFor();
    await put("/update-flight-schedule-date", () =>
      typeDate(row, `Flight Schedule Date for ${APPLICANT.fullName}`, "2026-03-01 10:30"),
    );
    await toast("Flight schedule date updated").waitFor();
    await expect
      .poll(() => row.getByLabel(`Flight Schedule Date for ${APPLICANT.fullName}`).inputValue())
      .toBe("01/03/2026 10:30");
    await expect.poll(() => row.getByLabel(`Visa Expiry Date for ${APPLICANT.fullName}`).inputValue()).toBe("14/01/2027");
    // Remaining days are computed by the server from the expiry date; the column is read-only text.
    await expect.poll(() => row.locator("td").nth(14).innerText()).toBe(String(daysUntil("2027-01-14")));

    // The visa issue date cannot be cleared while the expiry date depends on it: its picker offers no clear.
    const pickerOf = (label: string) => row.locator(".ant-picker", { has: page.getByLabel(`${label} for ${APPLICANT.fullName}`) });
    await pickerOf("Visa Issue Date").hover();
    expect(await pickerOf("Visa Issue Date").locator(".ant-picker-clear").count()).toBe(0);
    expect(await pickerOf("Visa Expiry Date").locator(".ant-picker-clear").count()).toBe(1);
    // Clearing a date sends null and the picker empties.
    const expiry = row.getByLabel(`Visa Expiry Date for ${APPLICANT.fullName}`);
    await expiry.hover();
    const cleared = await put("/update-visa-expire-date", () => pickerOf("Visa Expiry Date").locator(".ant-picker-clear").click());
    expect(cleared.request().postDataJSON()).toEqual({ visaExpireDate: null });
    await toast("Visa expiry date cleared").waitFor();
    await expect.poll(() => expiry.inputValue()).toBe("");
    await put("/update-visa-expire-date", () => typeDate(row, `Visa Expiry Date for ${APPLICANT.fullName}`, "2027-01-14"));

    expect(new URL(page.url()).searchParams.get("passportNo")).toBe(APPLICANT.passportNo);
    await row.getByRole("button", { name: "Mark as Done" }).click();
    await put("/complete-passport", () => confirm("done"));
    await toast("Passport marked as complete!").waitFor();
    await rowOf(APPLICANT.passportNo).waitFor({ state: "detached" });
  });

  it("rejects another pending passport", async () => {
    await openScreen("Pending", "Pending Passports");
    const passportNo = (await rows().first().locator("td").nth(2).innerText()).trim();
    await rows().first().getByRole("button", { name: "Reject" }).click();
    await put("/reject-by-admin", () => confirm("reject"));
    await toast("Passport Rejected successfully").waitFor();
    await rowOf(passportNo).waitFor({ state: "detached" });
  });

  it("creates, renames and deletes a slot", async () => {
    await openScreen("Slot Creation", "Slot Number Creation");
    await page.getByRole("button", { name: "Create Slot" }).click();
    const create = page.getByRole("dialog", { name: "Create Slot Number" });
    await create.getByRole("button", { name: "Create Slot" }).click();
    await create.getByText("Enter Slot Number").first().waitFor();
    await create.getByLabel("Slot Number", { exact: true }).fill("SLOT-BROWSER-1");
    await create.getByRole("button", { name: "Create Slot" }).click();
    await toast("Slot Added Successfully!").waitFor();
    await rowOf("SLOT-BROWSER-1").waitFor();

    await rowOf("SLOT-BROWSER-1").getByRole("button", { name: "Edit" }).click();
    const update = page.getByRole("dialog", { name: "Update Slot Number" });
    // The stored value fills the field once the record has come (a moment after the dialog opens).
    await expect.poll(() => update.getByLabel("Slot Number", { exact: true }).inputValue()).toBe("SLOT-BROWSER-1");
    await update.getByLabel("Slot Number", { exact: true }).fill("SLOT-BROWSER-2");
    await update.getByRole("button", { name: "Update Slot" }).click();
    await toast("Slot Updated Successfully!").waitFor();
    await rowOf("SLOT-BROWSER-2").waitFor();
    expect(await rowOf("SLOT-BROWSER-1").count()).toBe(0);

    await rowOf("SLOT-BROWSER-2").getByRole("button", { name: "Delete" }).click();
    await confirm("Delete this slot number?");
    await toast("Slot Deleted Successfully!").waitFor();
    await rowOf("SLOT-BROWSER-2").waitFor({ state: "detached" });
  });

  it("fetches a filter typed on a later page once, on page 1, after the pause", async () => {
    await openScreen("Reviewed", "Reviewed Passports");
    await Promise.all([listResponse({ page: "2" }), page.locator(".ant-pagination-item-3").click()]);
    const requested: URLSearchParams[] = [];
    const record = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/passport/")) requested.push(url.searchParams);
    };
    page.on("request", record);
    try {
      await Promise.all([listResponse({ visaType: "STUDENTVISA", page: "0" }), searchColumn("Visa Type", "visaType", "STUDENTVISA")]);
      await page.waitForTimeout(1_000);
    } finally {
      page.off("request", record);
    }
    expect(requested.map((params) => [params.get("visaType"), params.get("page")])).toEqual([["STUDENTVISA", "0"]]);
    await page.getByRole("button", { name: "Clear All Filter" }).click();
    await page.waitForURL((url) => !url.searchParams.has("visaType"));
  });

  it("keeps page size 20, the filter, the page and the rows after a reload", async () => {
    await openScreen("Reviewed", "Reviewed Passports");
    // The filter reaches the server after the 500 ms pause.
    await Promise.all([listResponse({ visaType: "WORKVISA", page: "0" }), searchColumn("Visa Type", "visaType", "WORKVISA")]);
    await page.getByText("Visa Type: WORKVISA").waitFor();
    await Promise.all([listResponse({ visaType: "WORKVISA", size: "20" }), choosePageSize(20)]);
    await page.waitForURL((url) => url.searchParams.get("size") === "20");
    await Promise.all([listResponse({ visaType: "WORKVISA", page: "1", size: "20" }), page.locator(".ant-pagination-item-2").click()]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    const before = await settledRows();
    expect(before[0].split("\t")[0]).toBe("21");
    expect(before.every((t) => t.includes("WORKVISA"))).toBe(true);
    const footer = await page.getByText(/^Showing 21–/).innerText();

    // The reply may come before the table is drawn: a signed-in start asks for the list with the page's code.
    await Promise.all([listResponse({ visaType: "WORKVISA", page: "1", size: "20" }), page.reload()]);
    await rows().first().waitFor();
    expect(await settledRows()).toEqual(before);
    expect(await page.getByText(/^Showing 21–/).innerText()).toBe(footer);
    await page.getByText("Visa Type: WORKVISA").waitFor();
    await page.locator('.ant-pagination-options .ant-select-selection-item[title="20 / page"]').waitFor();
    const params = new URL(page.url()).searchParams;
    expect([params.get("visaType"), params.get("size"), params.get("page")]).toEqual(["WORKVISA", "20", "2"]);
  });
});

/**
 * Issue 26 in a real browser: screens derived from the declarations alone. An admin creates an
 * employer, then a demand letter for it with its scan (a small PDF), edits it, reads its timeline and
 * finds it among the Overview's letters expiring soon, exports the list and imports employers from a
 * CSV (issue 27); a super admin sees both lists read-only. Real
 * server on a fresh seeded SQLite database, the built app, Debian's Chromium; the steps run in order.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import dayjs from "dayjs";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chooseOption, DEMO, launchBrowser, type RunningServer, screenshot, signIn, startServer } from "./support";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;

const EMPLOYER = { name: "Riyadh Steel Works", country: "Saudi Arabia", licenceNo: "LIC-RSW-26" };
const LETTER = { referenceNo: "DL-RSW-0001", jobTitle: "Mason", workers: "12", salary: "4500000" };
const EXPIRY = dayjs().add(12, "day");

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "declared-"));
  const pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
  writeFileSync(join(files, "demand-letter.pdf"), pdf);
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(files, { recursive: true, force: true });
});

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") await screenshot(page, task.name);
});

const menu = () => page.getByRole("navigation", { name: "Main menu" });
const toast = (text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first().waitFor();

async function typeDate(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
}

/** Types into the list's search box and waits for the list to be asked for it. */
async function search(label: string, text: string) {
  await page.getByRole("searchbox", { name: `Search ${label}` }).fill(text);
  await page.waitForURL((url) => url.searchParams.get("q") === text);
  await page.locator(".ant-table-wrapper .ant-spin-spinning").waitFor({ state: "detached" });
}

describe("declared resources, from declaration to screen (issue 26)", () => {
  it("an admin creates an employer from the Employers list", async () => {
    await menu().getByRole("link", { name: "Employers" }).click();
    await page.waitForURL(/\/dashboard\/admin\/employers$/);
    await page.getByRole("button", { name: "Create Employer" }).click();
    const modal = page.getByRole("dialog", { name: "Create Employer" });
    await modal.getByLabel("Name").fill(EMPLOYER.name);
    await modal.getByLabel("Country").fill(EMPLOYER.country);
    await modal.getByLabel("Licence No").fill(EMPLOYER.licenceNo);
    await modal.getByRole("button", { name: "Save" }).click();
    await toast("Employer created");
    await search("Employers", "Riyadh");
    await expect.poll(() => page.getByRole("link", { name: EMPLOYER.name, exact: true }).count()).toBe(1);
  });

  it("then a demand letter for it, with its scan", async () => {
    await menu().getByRole("link", { name: "Demand Letters" }).click();
    await page.waitForURL(/\/dashboard\/admin\/demand-letters$/);
    await page.getByRole("button", { name: "Create Demand Letter" }).click();
    const modal = page.getByRole("dialog", { name: "Create Demand Letter" });
    await modal.getByLabel("Employer", { exact: true }).fill("Riyadh");
    await chooseOption(modal, "Employer", EMPLOYER.name);
    await modal.getByLabel("Reference No").fill(LETTER.referenceNo);
    await modal.getByLabel("Country").fill(EMPLOYER.country);
    await modal.getByLabel("Job Title").fill(LETTER.jobTitle);
    await modal.getByLabel("Workers Requested").fill(LETTER.workers);
    await modal.getByLabel("Monthly Salary").fill(LETTER.salary);
    await expect.poll(() => modal.getByLabel("Monthly Salary").inputValue()).toBe("45,00,000");
    await typeDate(modal, "Issue Date", dayjs().subtract(20, "day").format("DD/MM/YYYY"));
    await typeDate(modal, "Expiry Date", EXPIRY.format("DD/MM/YYYY"));
    await modal.getByLabel("Letter", { exact: true }).setInputFiles(join(files, "demand-letter.pdf"));
    await modal.getByText("demand-letter.pdf").waitFor();
    const created = page.waitForResponse((r) => r.url().endsWith("/api/demand-letters") && r.request().method() === "POST");
    await modal.getByRole("button", { name: "Save" }).click();
    const reply = await created;
    expect(reply.status()).toBe(201);
    expect(reply.request().headers()["content-type"]).toMatch(/^multipart\/form-data/);
    await toast("Demand Letter created");
    await search("Demand Letters", LETTER.referenceNo);
    const row = page.getByRole("row").filter({ hasText: LETTER.referenceNo });
    await expect.poll(() => row.getByRole("link", { name: EMPLOYER.name, exact: true }).count()).toBe(1);
    expect(await row.innerText()).toContain("৳45,00,000");
    expect(await row.innerText()).toContain(EXPIRY.format("DD/MM/YYYY"));
  });

  it("opens it, edits it, and reads the change in its timeline", async () => {
    await page.getByRole("link", { name: `Show ${LETTER.referenceNo}` }).click();
    await page.getByRole("heading", { name: LETTER.referenceNo }).waitFor();
    await page.getByRole("button", { name: "Download Letter: demand-letter.pdf" }).waitFor();
    await page.getByRole("button", { name: `Edit ${LETTER.referenceNo}` }).click();
    const modal = page.getByRole("dialog", { name: "Edit Demand Letter" });
    await expect.poll(() => modal.getByLabel("Job Title").inputValue()).toBe(LETTER.jobTitle);
    await modal.getByLabel("Job Title").fill("Steel Fixer");
    await modal.getByRole("button", { name: "Save" }).click();
    await toast("Demand Letter updated");
    const timeline = page.getByRole("list", { name: "Timeline" });
    await timeline.getByText("Job Title: Mason → Steel Fixer").waitFor();
    expect(await timeline.innerText()).toContain("admin created it");
    expect(await timeline.innerText()).toContain(`Employer: ${EMPLOYER.name}`);
  });

  it("finds it on the Overview among the letters expiring within 30 days", async () => {
    await menu().getByRole("link", { name: "Overview" }).click();
    const expiring = page.getByRole("region", { name: "Demand Letters expiring within 30 days" });
    const link = expiring.getByRole("link", { name: LETTER.referenceNo, exact: true });
    await link.waitFor();
    expect(await expiring.innerText()).toContain("12 days left");
    await link.click();
    await page.getByRole("heading", { name: LETTER.referenceNo }).waitFor();
  });

  it("exports the list as the screen shows it: its search, its columns, every page (issue 27)", async () => {
    await menu().getByRole("link", { name: "Demand Letters" }).click();
    await search("Demand Letters", LETTER.referenceNo);
    await expect.poll(() => page.locator(".ant-table-tbody tr.ant-table-row").count()).toBe(1);
    await page.getByRole("button", { name: "Export" }).click();
    const saved = page.waitForEvent("download");
    const asked = page.waitForRequest((r) => r.url().includes("format=csv"));
    await page.getByRole("menuitem", { name: "CSV" }).click();
    const exportUrl = new URL((await asked).url());
    expect(exportUrl.searchParams.get("q")).toBe(LETTER.referenceNo);
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`demand-letters-${dayjs().format("YYYY-MM-DD")}.csv`);
    const text = readFileSync(await download.path(), "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Reference No,Employer,Country,Job Title,Workers Requested,Monthly Salary,Issue Date,Expiry Date,Attested");
    expect(lines[1]).toContain(`${LETTER.referenceNo},${EMPLOYER.name},`);
    expect(lines[1]).toContain("৳45,00,000");
    await toast("Exported demand-letters-");

    await page.getByRole("button", { name: "Export" }).click();
    const workbook = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Excel (XLSX)" }).click();
    const xlsx = await workbook;
    expect(xlsx.suggestedFilename()).toBe(`demand-letters-${dayjs().format("YYYY-MM-DD")}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsx.path());
    const row = book.worksheets[0].getRow(2);
    expect([row.getCell(1).value, row.getCell(2).value]).toEqual([LETTER.referenceNo, EMPLOYER.name]);
    expect(row.getCell(6).value).toBe(4500000);
    expect((row.getCell(8).value as Date).toISOString().slice(0, 10)).toBe(EXPIRY.format("YYYY-MM-DD"));
  });

  it("imports two employers from a CSV: checked, then imported, and seen in the list (issue 27)", async () => {
    const csv = "\ufeffName,Country,Licence No\r\nImported Gulf Star,Qatar,LIC-IMP-1\r\nImported Oman Build,Oman,LIC-IMP-2\r\n";
    writeFileSync(join(files, "employers.csv"), csv);
    await menu().getByRole("link", { name: "Employers" }).click();
    await page.waitForURL(/\/dashboard\/admin\/employers/);
    await search("Employers", "Imported");
    await page.getByRole("button", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import Employers" });
    await dialog.locator("input[type=file]").setInputFiles(join(files, "employers.csv"));
    await dialog.getByRole("button", { name: "Import 2 employers" }).click();
    await dialog.getByText("Imported 2 employers.").waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    for (const name of ["Imported Gulf Star", "Imported Oman Build"]) await page.getByRole("link", { name, exact: true }).waitFor();
  });

  it("on a phone (390×844) the list is cards, each with the record's title and actions, and a Filters form", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(15_000);
    try {
      await signIn(phonePage, server.url, DEMO.admin.username, DEMO.admin.password);
      await phonePage.goto(`${server.url}/dashboard/admin/demand-letters?q=${LETTER.referenceNo}`);
      const card = phonePage.locator("[data-testid=passport-card]").filter({ hasText: LETTER.referenceNo });
      await card.waitFor();
      expect(await phonePage.locator(".ant-table").count()).toBe(0);
      expect(await card.innerText()).toContain(EMPLOYER.name);
      await card.getByRole("button", { name: `Edit ${LETTER.referenceNo}` }).waitFor();
      const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await phonePage.getByRole("button", { name: "Filters" }).click();
      const filters = phonePage.getByRole("dialog", { name: "Filters" });
      await filters.getByText("Expiry Date").waitFor();
      await filters.getByRole("button", { name: "Cancel" }).click();
    } finally {
      await phone.close();
    }
  });

  it("a super admin sees both lists read-only", async () => {
    const superContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const superPage = await superContext.newPage();
    superPage.setDefaultTimeout(15_000);
    try {
      await signIn(superPage, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
      for (const [label, title] of [
        ["Employers", EMPLOYER.name],
        ["Demand Letters", LETTER.referenceNo],
      ]) {
        await superPage.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: label }).click();
        await superPage.getByRole("searchbox", { name: `Search ${label}` }).fill(title);
        await superPage.getByRole("link", { name: `Show ${title}` }).waitFor();
        expect(await superPage.getByRole("button", { name: /^Create / }).count()).toBe(0);
        expect(await superPage.getByRole("button", { name: "Import" }).count()).toBe(0);
        expect(await superPage.getByRole("button", { name: new RegExp(`^(Edit|Delete) `) }).count()).toBe(0);
      }
    } finally {
      await superContext.close();
    }
  });
});

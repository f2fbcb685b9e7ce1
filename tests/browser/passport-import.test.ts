/**
 * Issue 27 in a real browser: an admin imports passports from a CSV through the wizard on Agent Data
 * Entry. The file is built on the template the wizard downloads (its headers, its example row's agent
 * and slot): 3 good rows and 2 bad. The preview shows the 2 errors with their messages, Import adds
 * the 3 (on the list without a reload), and the failed-rows file holds the 2 with an "Errors" column.
 * Then the wizard on a phone, by keyboard. Real server on a fresh seeded SQLite database, the built
 * app, Debian's Chromium; the steps run in order.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO, launchBrowser, type RunningServer, screenshot, signIn, startServer } from "./support";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;

// Unique in the demo data: two letters and seven digits, as the domain checks like them.
const stamp = String(Date.now()).slice(-5);
const GOOD = ["Import Alpha", "Import Bravo", "Import Charlie"].map((name, i) => ({ name, passportNo: `EK${stamp}${i}0` }));
const TOO_YOUNG = "Your age must be at least 18 years old. Please enter a valid date of birth.";
const BAD_PHONE = "Enter a valid Bangladeshi phone number";

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "passport-import-"));
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
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

const wizard = (on: Page = page) => on.getByRole("dialog", { name: "Import Passports" });

async function openWizard(on: Page = page): Promise<Locator> {
  await on.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Agent Data Entry", exact: true }).click();
  await on.getByRole("heading", { name: "Agent Data Entry", level: 1 }).waitFor();
  await on.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = wizard(on);
  await dialog.getByText("Choose a CSV or Excel (XLSX) file").waitFor();
  return dialog;
}

/** Picks `format` from the menu of `button` and answers the downloaded file's path and name. */
async function download(dialog: Locator, button: string, format: "CSV" | "Excel (XLSX)") {
  await dialog.getByRole("button", { name: button }).click();
  const saved = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: format }).click();
  const file = await saved;
  return { path: await file.path(), name: file.suggestedFilename() };
}

const readCsv = (path: string): string[][] => parse(readFileSync(path, "utf8"), { bom: true });

let dialog: Locator;
let csvPath: string;

describe("passport import through the wizard (issue 27)", () => {
  it("builds the file on the template: 3 good rows and 2 bad", async () => {
    dialog = await openWizard();
    const template = await download(dialog, "Download the template", "CSV");
    expect(template.name).toBe("passport-import-template.csv");
    const [headers, example] = readCsv(template.path);
    expect(headers).toEqual(expect.arrayContaining(["Full Name", "Passport No", "Phone", "Agent Name", "Slot", "Date of Birth"]));

    // The Notes column is the template's own; the rows fill the others from the example.
    const columns = headers.filter((h) => h !== "Notes");
    const row = (changes: Record<string, string>) => columns.map((h) => changes[h] ?? example[headers.indexOf(h)]);
    const good = (i: number) => row({ "Full Name": GOOD[i].name, "Passport No": GOOD[i].passportNo });
    const rows = [
      columns,
      good(0), // row 2
      row({ "Full Name": "Import Too Young", "Passport No": `EK${stamp}50`, "Date of Birth": "01/01/2020" }), // row 3
      good(1), // row 4
      row({ "Full Name": "Import Bad Phone", "Passport No": `EK${stamp}60`, Phone: "12345" }), // row 5
      good(2), // row 6
    ];
    csvPath = join(files, "march intake.csv");
    writeFileSync(csvPath, stringify(rows));
  });

  it("checks the file at once: 3 new, 2 failed, each error with its row and message; nothing written yet", async () => {
    const check = page.waitForRequest((r) => r.url().includes("/api/passport/import?") && r.method() === "POST");
    await dialog.locator("input[type=file]").setInputFiles(csvPath);
    expect(new URL((await check).url()).searchParams.get("dryRun")).toBe("true");
    await dialog.getByText("Nothing has been saved yet.", { exact: false }).waitFor();

    const counts = dialog.getByRole("list", { name: "What the file holds" });
    const count = async (title: string) => (await counts.getByRole("listitem").filter({ hasText: title }).locator(".ant-statistic-content").innerText()).trim();
    expect([await count("Rows in the file"), await count("New"), await count("Duplicates"), await count("Failed")]).toEqual(["5", "3", "0", "2"]);

    const failed = dialog.getByRole("region", { name: "Failed rows" });
    const rows = failed.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).locator("td").allInnerTexts()).toEqual(["3", "Date of Birth", TOO_YOUNG]);
    expect(await rows.nth(1).locator("td").allInnerTexts()).toEqual(["5", "Phone", BAD_PHONE]);
    await dialog.getByText("Columns matched: 14 of 14").waitFor();

    // The list is as it was: the good rows' names are nowhere yet.
    expect(await page.locator(".ant-table-tbody").first().innerText()).not.toContain(GOOD[0].name);
  });

  it("offers the failed rows as a file: the 2 rows with an Errors column", async () => {
    const failedRows = await download(dialog, "Download failed rows", "CSV");
    expect(failedRows.name).toBe("march intake-failed-rows.csv");
    const [headers, ...rows] = readCsv(failedRows.path);
    expect(headers.at(-1)).toBe("Errors");
    expect(rows).toHaveLength(2);
    const cell = (row: string[], header: string) => row[headers.indexOf(header)];
    expect(rows.map((r) => cell(r, "Full Name"))).toEqual(["Import Too Young", "Import Bad Phone"]);
    expect(cell(rows[0], "Errors")).toContain(TOO_YOUNG);
    expect(cell(rows[1], "Errors")).toContain(BAD_PHONE);
  });

  it("imports the 3 good rows, says so, and Agent Data Entry lists them without a reload", async () => {
    const sent = page.waitForRequest((r) => r.url().includes("dryRun=false"));
    await dialog.getByRole("button", { name: "Import 3 passports" }).click();
    await sent;
    await dialog.getByText("Imported 3 passports.").waitFor();
    await page.locator(".ant-notification-notice").filter({ hasText: "Imported 3 passports" }).first().waitFor();
    // The failed rows can still be downloaded from the result.
    await dialog.getByRole("button", { name: "Download failed rows" }).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await wizard().waitFor({ state: "hidden" });

    const table = page.locator(".ant-table-tbody").first();
    for (const { name } of GOOD) await table.getByText(name, { exact: true }).waitFor();
    expect(await table.innerText()).not.toContain("Import Too Young");
  });

  it("the same file again: its 3 rows are duplicates now, so nothing to import", async () => {
    dialog = await openWizard();
    await dialog.locator("input[type=file]").setInputFiles(csvPath);
    const counts = dialog.getByRole("list", { name: "What the file holds" });
    await counts.waitFor();
    expect(await counts.getByRole("listitem").filter({ hasText: "Duplicates" }).locator(".ant-statistic-content").innerText()).toBe("3");
    expect(await dialog.getByRole("button", { name: "Import 0 passports" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await wizard().waitFor({ state: "hidden" });
  });

  it("on a 360 px phone, by keyboard: the wizard fits, the file picker opens with Enter, Escape closes it", async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const phonePage = await phone.newPage();
    phonePage.setDefaultTimeout(20_000);
    // Listened for from the start: Chromium intercepts file choosers once asked, which a single key press could outrun.
    const chooser = phonePage.waitForEvent("filechooser", { timeout: 120_000 });
    chooser.catch(() => undefined); // a test failing before it is awaited is reported once, as itself
    try {
      await signIn(phonePage, server.url, DEMO.admin.username, DEMO.admin.password);
      await phonePage.goto(`${server.url}/dashboard/admin/agent-data-entry`);
      await phonePage.getByRole("button", { name: "Import", exact: true }).click();
      const phoneDialog = wizard(phonePage);
      await phoneDialog.getByText("Choose a CSV or Excel (XLSX) file").waitFor();
      const overflow = await phonePage.evaluate(() => {
        const content = document.querySelector(".ant-modal-content")!;
        return { page: document.documentElement.scrollWidth - window.innerWidth, dialog: content.getBoundingClientRect().right - window.innerWidth };
      });
      expect(overflow.page).toBeLessThanOrEqual(0);
      expect(overflow.dialog).toBeLessThanOrEqual(0);

      const picker = phoneDialog.getByRole("button", { name: /Choose a CSV or Excel \(XLSX\) file/ });
      for (let i = 0; i < 10 && !(await picker.evaluate((e) => e === document.activeElement)); i++) await phonePage.keyboard.press("Tab");
      expect(await picker.evaluate((e) => e === document.activeElement)).toBe(true);
      await phonePage.keyboard.press("Enter");
      await (await chooser).setFiles(csvPath);
      await phoneDialog.getByRole("list", { name: "What the file holds" }).waitFor();
      const wide = await phonePage.evaluate(() => document.querySelector(".ant-modal-content")!.getBoundingClientRect().right - window.innerWidth);
      expect(wide).toBeLessThanOrEqual(0);
      await phonePage.keyboard.press("Escape");
      await wizard(phonePage).waitFor({ state: "hidden" });
    } finally {
      await phone.close();
    }
  });
});

/**
 * Issue 27 in a real browser: an admin filters Pending by a name and exports it; the downloaded CSV
 * holds as many data rows as the screen's total (every page, not the one shown), named by the list and
 * the day, in the columns the table shows; the Excel file holds the same rows. Real server on a fresh
 * seeded SQLite database, the built app, Debian's Chromium.
 */
import { readFileSync } from "node:fs";
import dayjs from "dayjs";
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

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

/** The table's total, from its footer ("Showing 1–10 of 57 items"). */
async function screenTotal(page: Page): Promise<number> {
  const footer = await page.locator(".ant-pagination-total-text").first().innerText();
  return Number(/of (\d+) items/.exec(footer)?.[1]);
}

async function exportAs(page: Page, format: "CSV" | "Excel (XLSX)") {
  await page.getByRole("button", { name: "Export" }).click();
  const saved = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: format }).click();
  return saved;
}

describe("Export from a passport list (issue 27)", () => {
  it("admin Pending filtered by a name downloads every matching row, as many as the screen's total", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await page.goto(`${server.url}/dashboard/admin/pending?fullName=a`);
    await page.getByText("Full Name: a").waitFor();
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
    await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning"));
    const total = await screenTotal(page);
    // More than a page: the file holds them all, not the page on screen.
    expect(total).toBeGreaterThan(10);
    const headers = (await page.locator(".ant-table-thead th").allInnerTexts()).map((h) => h.trim()).filter(Boolean);

    const csv = await exportAs(page, "CSV");
    expect(csv.suggestedFilename()).toBe(`pending-passports-${dayjs().format("YYYY-MM-DD")}.csv`);
    const text = readFileSync(await csv.path(), "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(rows).toHaveLength(total);
    // The table's columns, in order; Attachments (a link) and the row actions are not data.
    expect(header).toEqual(headers.filter((h) => h !== "Attachments" && h !== "Action" && h !== "Actions" && h !== "Comment"));
    const name = header.indexOf("Full Name");
    expect(rows.every((row) => row[name].toLowerCase().includes("a"))).toBe(true);
    expect(rows.every((row) => row[header.indexOf("Status")] === "PENDING")).toBe(true);
    await page.locator(".ant-notification-notice").filter({ hasText: "Exported pending-passports-" }).first().waitFor();

    const xlsx = await exportAs(page, "Excel (XLSX)");
    expect(xlsx.suggestedFilename()).toBe(`pending-passports-${dayjs().format("YYYY-MM-DD")}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsx.path());
    expect(book.worksheets[0].actualRowCount).toBe(total + 1);
  });
});

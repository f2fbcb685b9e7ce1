/**
 * Issue 27: the import wizard on Agent Data Entry, against the contract's replies (POST
 * /api/passport/import?dryRun=…[&failedRows=…], GET /api/passport/import-template?format=…).
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImportReport } from "../../../src/contract";
import { http } from "../../../src/providers";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import { fakePassport } from "../support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
  URL.createObjectURL = vi.fn(() => "blob:import");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

const COLUMNS: ImportReport["columns"] = [
  { header: "full name", field: "fullName", label: "Full Name" },
  { header: "Passport No", field: "passportNo", label: "Passport No" },
  { header: "Remarks", field: null, label: null },
];

/** A dry run of 5 rows: 3 new, 2 failed (rows 3 and 5), a warning, one column not used. */
const PREVIEW: ImportReport = {
  total: 5,
  created: 3,
  duplicates: 0,
  failed: 2,
  errors: [
    { row: 3, column: "Passport No", message: "Passport Number is required" },
    { row: 5, column: "Date of Birth", message: "Your age must be at least 18 years old. Please enter a valid date of birth." },
  ],
  warnings: [{ row: 4, column: "Passport No", message: "An unusual passport number" }],
  columns: COLUMNS,
};
const RESULT: ImportReport = { ...PREVIEW, warnings: [] };

const urlOf = (config: InternalAxiosRequestConfig) => new URL(config.url!, "http://x");
const importCalls = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => c.method === "post" && urlOf(c).pathname === "/api/passport/import");
const listCalls = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => urlOf(c).pathname.startsWith("/api/passport/get-agent-passports/"));

/** The admin's entries, and the import's routes answered by `onImport` (the preview and result above by default). */
function stubImport(onImport: (query: URLSearchParams, config: InternalAxiosRequestConfig) => Reply | undefined = () => undefined) {
  return stubApi((config) => {
    const url = urlOf(config);
    if (url.pathname === "/api/passport/import-template") {
      return { body: new Blob(["Full Name,Passport No\r\n"], { type: "text/csv" }), headers: { "content-disposition": `attachment; filename="passport-import-template.${url.searchParams.get("format")}"` } };
    }
    if (url.pathname === "/api/passport/import") {
      return onImport(url.searchParams, config) ?? { body: envelope(url.searchParams.get("dryRun") === "false" ? RESULT : PREVIEW) };
    }
    return { body: envelope({ content: [fakePassport(8, { isSuperAdminApproved: "PENDING" })], totalElements: 1 }) };
  });
}

const CSV = () => new File(["Full Name,Passport No\r\nA,B\r\n"], "workers.csv", { type: "text/csv" });

async function openWizard(user = userEvent.setup()) {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/agent-data-entry");
  await screen.findByText("Worker 8");
  await user.click(screen.getByRole("button", { name: "Import" }));
  const dialog = await screen.findByRole("dialog", { name: "Import Passports" });
  return { user, dialog };
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, file = CSV()) {
  await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, file);
}

/** The file part of a multipart call. */
const sentFile = (config: InternalAxiosRequestConfig) => (config.data as FormData).get("file") as File;

// The first test loads the signed-in app and the page: seconds on a busy machine.
describe("Passport import wizard (issue 27)", { timeout: 60_000 }, () => {
  it("downloads the template in the format picked, with the session's token", async () => {
    const calls = stubImport();
    const { user, dialog } = await openWizard();
    await user.click(within(dialog).getByRole("button", { name: /Download the template/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Excel (XLSX)" }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const template = calls.find((c) => urlOf(c).pathname === "/api/passport/import-template")!;
    expect(urlOf(template).searchParams.get("format")).toBe("xlsx");
    expect(String(template.headers.Authorization)).toMatch(/^Bearer /);
    expect((vi.mocked(URL.createObjectURL).mock.calls[0][0] as File).name).toBe("passport-import-template.xlsx");
  });

  it("checks the chosen file at once (a dry run) and previews counts, columns, failed rows and warnings, writing nothing", async () => {
    const calls = stubImport();
    const { user, dialog } = await openWizard();
    await chooseFile(user, dialog);

    expect(await within(dialog).findByText("Nothing has been saved yet. Check what the file holds, then import the new rows.")).toBeTruthy();
    const counts = within(dialog).getByRole("list", { name: "What the file holds" });
    const count = (title: string) => within(counts).getByText(title).closest(".ant-statistic")!.querySelector(".ant-statistic-content")!.textContent;
    expect([count("Rows in the file"), count("New"), count("Duplicates"), count("Failed")]).toEqual(["5", "3", "0", "2"]);
    expect(within(dialog).getByText("This column matches no field and will not be imported: Remarks")).toBeTruthy();
    expect(within(dialog).getByText("Columns matched: 2 of 3")).toBeTruthy();

    const failed = within(dialog).getByRole("region", { name: "Failed rows" });
    const rows = within(failed).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["3", "Passport No", "Passport Number is required"],
      ["5", "Date of Birth", "Your age must be at least 18 years old. Please enter a valid date of birth."],
    ]);
    const warnings = within(dialog).getByRole("region", { name: "Warnings" });
    expect(within(warnings).getByText("An unusual passport number")).toBeTruthy();

    const sent = importCalls(calls);
    expect(sent.map((c) => urlOf(c).search)).toEqual(["?dryRun=true"]);
    expect(sentFile(sent[0]).name).toBe("workers.csv");
    expect(within(dialog).getByRole("button", { name: "Import 3 passports" })).toBeTruthy();
    // The picker that had the focus is gone: the preview takes it, so the keyboard stays in the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("imports the rows on Import (dryRun=false, the same file), shows what was done, says so and refreshes the lists", async () => {
    const calls = stubImport();
    const { user, dialog } = await openWizard();
    const file = CSV();
    await chooseFile(user, dialog, file);
    const lists = listCalls(calls).length;
    await user.click(await within(dialog).findByRole("button", { name: "Import 3 passports" }));

    expect(await within(dialog).findByText("Imported 3 passports.")).toBeTruthy();
    expect(await screen.findByText("Imported 3 passports")).toBeTruthy();
    const counts = within(dialog).getByRole("list", { name: "What was imported" });
    expect(within(counts).getByText("Imported")).toBeTruthy();
    const sent = importCalls(calls);
    expect(sent.map((c) => urlOf(c).search)).toEqual(["?dryRun=true", "?dryRun=false"]);
    expect(sentFile(sent[1])).toBe(file);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(lists));
    // The failed rows can still be downloaded, and the wizard closes.
    expect(within(dialog).getByRole("button", { name: /Download failed rows/ })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Import Passports" })).toBeNull());
  });

  it("shows an import that stopped part way, keeps the preview to try again, and refreshes the lists (batches before it were written)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stopped = "The import stopped: the database refused rows 502 to 1001, so none of them was written; 500 passports were written before them.";
    const calls = stubImport((query) => (query.get("dryRun") === "false" ? { status: 500, body: failure(stopped) } : undefined));
    const { user, dialog } = await openWizard();
    await chooseFile(user, dialog);
    const lists = listCalls(calls).length;
    await user.click(await within(dialog).findByRole("button", { name: "Import 3 passports" }));
    expect(await within(dialog).findByText(stopped)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Import 3 passports" })).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(lists));
    expect(screen.queryByText("Imported 3 passports")).toBeNull();
  });

  it("downloads the failed rows: the same file sent again with failedRows, the reply saved under its name", async () => {
    const calls = stubImport((query) =>
      query.get("failedRows")
        ? { body: new Blob(["Full Name,Errors\r\n"], { type: "text/csv" }), headers: { "content-disposition": `attachment; filename="workers-failed-rows.csv"` } }
        : undefined,
    );
    const { user, dialog } = await openWizard();
    const file = CSV();
    await chooseFile(user, dialog, file);
    await user.click(await within(dialog).findByRole("button", { name: /Download failed rows/ }));
    await user.click(await screen.findByRole("menuitem", { name: "CSV" }));

    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect((vi.mocked(URL.createObjectURL).mock.calls[0][0] as File).name).toBe("workers-failed-rows.csv");
    const sent = importCalls(calls).at(-1)!;
    expect(urlOf(sent).searchParams.get("failedRows")).toBe("csv");
    expect(urlOf(sent).searchParams.get("dryRun")).toBe("true");
    expect(sentFile(sent)).toBe(file);
  });

  it("offers no import when no row would be new", async () => {
    stubImport(() => ({ body: envelope({ ...PREVIEW, created: 0, duplicates: 3 }) }));
    const { user, dialog } = await openWizard();
    await chooseFile(user, dialog);
    expect((await within(dialog).findByRole("button", { name: "Import 0 passports" })).hasAttribute("disabled")).toBe(true);
  });

  it.each([
    [413, "The file is larger than 20 MB."],
    [415, "The file is not a CSV or an Excel (XLSX) workbook."],
    [400, "The file has no header row."],
  ])("shows the server's refusal (%i) in the wizard, back at choosing a file", async (status, message) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubImport(() => ({ status, body: failure(message) }));
    const { user, dialog } = await openWizard();
    await chooseFile(user, dialog);
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByText("Choose a CSV or Excel (XLSX) file")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: /^Import \d/ })).toBeNull();
  });

  it("says why when a 413 comes without the server's message (a proxy's page)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubImport(() => ({ status: 413, body: failure(null as unknown as string) }));
    const { user, dialog } = await openWizard();
    await chooseFile(user, dialog);
    expect(await within(dialog).findByText("The file is too large to import. Split it into smaller files and import each.")).toBeTruthy();
  });

  it("opens the file picker from the keyboard, with Enter or Space", async () => {
    stubImport();
    const { user, dialog } = await openWizard();
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => undefined);
    const picker = within(dialog).getByRole("button", { name: /Choose a CSV or Excel \(XLSX\) file/ });
    picker.focus();
    await user.keyboard("{Enter}");
    expect(click).toHaveBeenCalledTimes(1);
    await user.keyboard(" ");
    expect(click).toHaveBeenCalledTimes(2);
    expect(click.mock.instances.every((input) => (input as HTMLInputElement).type === "file")).toBe(true);
  });

  it("refuses a file that is not CSV or XLSX without sending it", async () => {
    const calls = stubImport();
    const { user, dialog } = await openWizard(userEvent.setup({ applyAccept: false }));
    await chooseFile(user, dialog, new File(["%PDF"], "scan.pdf", { type: "application/pdf" }));
    expect(await within(dialog).findByText("Choose a CSV or Excel (XLSX) file.")).toBeTruthy();
    expect(importCalls(calls)).toEqual([]);
  });

  it("shows that the check is under way, and Cancel goes back to choosing a file", async () => {
    stubImport();
    const answer = http.defaults.adapter as AxiosAdapter;
    let aborted = false;
    http.defaults.adapter = async (config) => {
      if (config.method !== "post") return answer(config);
      // Held until cancelled.
      return new Promise((_, reject) =>
        config.signal?.addEventListener?.("abort", () => {
          aborted = true;
          reject(Object.assign(new Error("canceled"), { code: "ERR_CANCELED", config }));
        }),
      );
    };
    const { user, dialog } = await openWizard();
    await chooseFile(user, dialog);
    expect(await within(dialog).findByRole("status")).toBeTruthy();
    expect(within(dialog).getByText("Sending the file…")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(aborted).toBe(true));
    expect(await within(dialog).findByText("Choose a CSV or Excel (XLSX) file")).toBeTruthy();
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });
});

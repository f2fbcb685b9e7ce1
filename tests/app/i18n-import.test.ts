/**
 * Issue 28: the import wizard in Bengali (steps, buttons, counts in Bengali digits, the fields matched
 * by their Bengali labels, the server's known messages in Bengali, the file's own headers as written),
 * and the declared list's and the phone cards' pagers in Bengali digits.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImportReport } from "../../src/contract";
import { changeLanguage } from "../../src/i18n/i18n";
import { declaredReplies, EMPLOYERS, urlOf } from "./support/declared";
import { fakePassport } from "./support/passports";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "./support/render-app";

// The pages' modules load once, before the tests time their screens (seconds on a busy machine).
beforeAll(async () => {
  await Promise.all([
    import("../../src/pages/admin/AgentDataEntryPage"),
    import("../../src/pages/declared/DeclaredListPage"),
    import("../../src/pages/passports/PassportListPage"),
  ]);
}, 120_000);

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

/** A dry run of 5 rows: 3 new, 2 failed, one column not used. */
const PREVIEW: ImportReport = {
  total: 5,
  created: 3,
  duplicates: 0,
  failed: 2,
  errors: [
    { row: 3, column: "Passport No", message: "Passport Number is required" },
    { row: 12, column: "Remarks", message: "A message the app does not know" },
  ],
  warnings: [],
  columns: [
    { header: "full name", field: "fullName", label: "Full Name" },
    { header: "NID No", field: "nid", label: "NID" },
    { header: "Remarks", field: null, label: null },
  ],
};

function stubPassports(onImport: (query: URLSearchParams) => Reply | undefined = () => undefined) {
  return stubApi((config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url!, "http://x");
    if (url.pathname === "/api/passport/import") {
      return onImport(url.searchParams) ?? { body: envelope(url.searchParams.get("dryRun") === "false" ? { ...PREVIEW, warnings: [] } : PREVIEW) };
    }
    return { body: envelope({ content: [fakePassport(8, { isSuperAdminApproved: "PENDING" })], totalElements: 1 }) };
  });
}

const CSV = () => new File(["full name,NID No,Remarks\r\nA,1,x\r\n"], "workers.csv", { type: "text/csv" });

async function openPassportWizard() {
  await changeLanguage("bn");
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/agent-data-entry");
  await screen.findByText("Worker 8", undefined, { timeout: 30_000 });
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "ইমপোর্ট" }));
  const dialog = await screen.findByRole("dialog", { name: "পাসপোর্ট ইমপোর্ট" });
  return { user, dialog };
}

describe("the import wizard in Bengali (issue 28)", { timeout: 60_000 }, () => {
  it("reads its steps, buttons, counts (in Bengali digits), fields and the server's known messages in Bengali", async () => {
    stubPassports();
    const { user, dialog } = await openPassportWizard();
    const steps = [...dialog.querySelectorAll(".ant-steps-item-title")].map((step) => step.textContent);
    expect(steps).toEqual(["ফাইল বেছে নিন", "যাচাই", "ইমপোর্ট"]);
    expect(within(dialog).getByRole("button", { name: "টেমপ্লেট ডাউনলোড করুন" })).toBeTruthy();
    expect(within(dialog).getByText("একটি CSV বা Excel (XLSX) ফাইল বেছে নিন")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "বাতিল" })).toBeTruthy();

    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, CSV());
    const counts = await within(dialog).findByRole("list", { name: "ফাইলে যা আছে" });
    const count = (title: string) => within(counts).getByText(title).closest(".ant-statistic")!.querySelector(".ant-statistic-content")!.textContent;
    expect([count("ফাইলের সারি"), count("নতুন"), count("ডুপ্লিকেট"), count("ব্যর্থ")]).toEqual(["৫", "৩", "০", "২"]);
    expect(within(dialog).getByText("ফাইল: workers.csv")).toBeTruthy();
    expect(within(dialog).getByText("এই কলামটি কোনো ঘরের সাথে মেলেনি, তাই ইমপোর্ট হবে না: Remarks")).toBeTruthy();
    expect(within(dialog).getByText("মিলে যাওয়া কলাম: ৩টির মধ্যে ২টি")).toBeTruthy();

    // The fields matched, by their Bengali labels; the file's headers as written.
    await user.click(within(dialog).getByText("মিলে যাওয়া কলাম: ৩টির মধ্যে ২টি"));
    const matched = (await within(dialog).findByRole("columnheader", { name: "ফাইলের কলাম" })).closest("table")!;
    const pairs = within(matched).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(pairs).toEqual([
      ["full name", "পূর্ণ নাম"],
      ["NID No", "এনআইডি"],
      ["Remarks", "ব্যবহার হয়নি"],
    ]);

    // Row numbers in Bengali digits, a known message in Bengali, an unknown one as the server wrote it.
    const failed = within(dialog).getByRole("region", { name: "ব্যর্থ সারি" });
    expect(within(failed).getByRole("columnheader", { name: "বার্তা" })).toBeTruthy();
    const rows = within(failed).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["৩", "Passport No", "পাসপোর্ট নম্বর আবশ্যক"],
      ["১২", "Remarks", "A message the app does not know"],
    ]);
    expect(within(dialog).getByRole("button", { name: "অন্য ফাইল বেছে নিন" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: /ব্যর্থ সারিগুলো ডাউনলোড করুন/ })).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "৩টি পাসপোর্ট ইমপোর্ট করুন" }));
    expect(await within(dialog).findByText("৩টি পাসপোর্ট ইমপোর্ট হয়েছে।")).toBeTruthy();
    expect(await screen.findByText("৩টি পাসপোর্ট ইমপোর্ট হয়েছে")).toBeTruthy();
    const done = within(dialog).getByRole("list", { name: "যা ইমপোর্ট হয়েছে" });
    expect(within(done).getByText("ডুপ্লিকেট, বাদ দেওয়া হয়েছে")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "ঠিক আছে" })).toBeTruthy();
  });

  it("shows the server's refusal in Bengali by its errorCode, and its own when the server says nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubPassports(() => ({ status: 400, body: { ...failure("The file has no data rows: row 1 is the header, and the rows to import start on row 2"), errorCode: "importNoRows" } }));
    const { user, dialog } = await openPassportWizard();
    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, CSV());
    expect(await within(dialog).findByText(/^ফাইলটিতে কোনো ডেটা সারি নেই/)).toBeTruthy();

    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, new File(["%PDF"], "scan.pdf", { type: "application/pdf" }));
    expect(await within(dialog).findByText("একটি CSV বা Excel (XLSX) ফাইল বেছে নিন।")).toBeTruthy();
  });

  it("on a declared list: its title, and the fields by their declared Bengali labels", async () => {
    await changeLanguage("bn");
    const report: ImportReport = {
      ...PREVIEW,
      errors: [],
      failed: 0,
      created: 2,
      columns: [
        { header: "Name", field: "name", label: "Name" },
        { header: "Licence No", field: "licenceNo", label: "Licence No" },
      ],
    };
    stubApi(declaredReplies((config) => (urlOf(config).path === "/api/employers/import" ? { body: envelope(report) } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "ইমপোর্ট" }));
    const dialog = await screen.findByRole("dialog", { name: "নিয়োগকর্তা ইমপোর্ট" });
    await user.upload(dialog.querySelector<HTMLInputElement>("input[type=file]")!, new File(["Name\r\nA\r\n"], "employers.csv", { type: "text/csv" }));
    await user.click(await within(dialog).findByText("মিলে যাওয়া কলাম: ২টির মধ্যে ২টি"));
    expect(await within(dialog).findByText("লাইসেন্স নম্বর")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "২টি নিয়োগকর্তা ইমপোর্ট করুন" })).toBeTruthy();
  });
});

describe("the pagers in Bengali digits (issue 28)", { timeout: 60_000 }, () => {
  const pages = () => [...document.querySelectorAll(".ant-pagination-item")].map((item) => item.textContent);

  it("a declared list's: page numbers and page sizes", async () => {
    await changeLanguage("bn");
    stubApi(declaredReplies((config) => (urlOf(config).path === "/api/employers" && config.method === "get" && !urlOf(config).query.has("id") ? { body: EMPLOYERS, headers: { "x-total-count": "120" } } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    await waitFor(() => expect(pages()).toEqual(["১", "২", "৩", "৪", "৫", "১২"]));
    expect(document.querySelector(".ant-pagination-options .ant-select-selection-item")?.textContent).toBe("১০ / পৃষ্ঠা");
  });

  it("a declared list's in English, as it was", async () => {
    stubApi(declaredReplies((config) => (urlOf(config).path === "/api/employers" && config.method === "get" && !urlOf(config).query.has("id") ? { body: EMPLOYERS, headers: { "x-total-count": "120" } } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    await waitFor(() => expect(pages()).toEqual(["1", "2", "3", "4", "5", "12"]));
    expect(document.querySelector(".ant-pagination-options .ant-select-selection-item")?.textContent).toBe("10 / page");
  });

  it("the passport cards' on a phone", async () => {
    window.innerWidth = 390;
    await changeLanguage("bn");
    stubApi(() => ({ body: envelope({ content: [fakePassport(7, { isSuperAdminApproved: "PENDING" })], totalElements: 120 }) }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByTestId("passport-card");
    await waitFor(() => expect(pages()).toEqual(["১", "২", "৩", "১২"]));
    expect(document.querySelector(".ant-pagination-simple")).toBeNull();
    expect(document.querySelector(".ant-pagination-options .ant-select-selection-item")?.textContent).toBe("১০ / পৃষ্ঠা");
  });
});

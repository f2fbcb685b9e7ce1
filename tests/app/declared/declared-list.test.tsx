import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { declaredReplies, urlOf } from "../support/declared";
import { locationSearch, renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
  localStorage.clear();
});
afterEach(resetSession);

const listCalls = (calls: { url?: string; method?: string }[], path: string) =>
  calls.filter((c) => c.method === "get" && urlOf(c as never).path === path && !urlOf(c as never).query.has("id")).map((c) => urlOf(c as never).query);

async function openEmployers(role: "ADMIN" | "SUPER_ADMIN" = "ADMIN") {
  signInAs(role === "ADMIN" ? 2 : 3, role === "ADMIN" ? "admin" : "super", [role]);
  renderApp(role === "ADMIN" ? "/dashboard/admin/employers" : "/dashboard/super-admin/employers");
  await screen.findByRole("link", { name: "Doha Works" });
}

describe("a declared resource's list, from its declaration alone (issue 26)", () => {
  it("pages on the server: _start/_end, the total from X-Total-Count, the footer, sizes 10–100", async () => {
    const calls = stubApi(declaredReplies((config) => (urlOf(config).path === "/api/employers" && !urlOf(config).query.has("id") ? { body: [], headers: { "x-total-count": "57" } } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers?page=2&size=20");
    await waitFor(() => expect(listCalls(calls, "/api/employers").length).toBeGreaterThan(0));
    const query = listCalls(calls, "/api/employers").at(-1)!;
    expect([query.get("_start"), query.get("_end")]).toEqual(["20", "40"]);
    expect(await screen.findByText("Showing 21–40 of 57 items")).toBeTruthy();
  });

  it("shows the declared columns, the title linked to the record's page, and row actions named by the title", async () => {
    stubApi(declaredReplies());
    await openEmployers();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(["Name", "Country", "Licence No", "Contact Person", "Phone", "Email", "Actions"]));
    expect(headers).not.toContain("Address");
    expect(screen.getByRole("link", { name: "Doha Works" }).getAttribute("href")).toBe("/dashboard/admin/employers/2");
    expect(screen.getByRole("link", { name: "Show Doha Works" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Doha Works" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Doha Works" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Create Employer/ })).toBeTruthy();
  });

  it("sorts on the server by a header click (_sort/_order), kept in the URL", async () => {
    const calls = stubApi(declaredReplies());
    await openEmployers();
    const user = userEvent.setup();
    await user.click(within(screen.getAllByRole("columnheader").find((h) => h.textContent === "Country")!).getByText("Country"));
    await waitFor(() => expect(listCalls(calls, "/api/employers").at(-1)!.get("_sort")).toBe("country"));
    expect(listCalls(calls, "/api/employers").at(-1)!.get("_order")).toBe("asc");
    expect(locationSearch().get("sort")).toBe("country");
  });

  it("filters by a header popup (text: contains) and shows the filter as a chip with Clear All Filter", async () => {
    const calls = stubApi(declaredReplies());
    await openEmployers();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Filter Country" }));
    await user.type(await screen.findByRole("textbox", { name: "Search Country" }), "qat");
    await user.click(screen.getByRole("button", { name: /Search/ }));
    await waitFor(() => expect(listCalls(calls, "/api/employers").at(-1)!.get("country_like")).toBe("qat"));
    expect(screen.getByText("Country: qat")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Clear All Filter" })).toBeTruthy();
  });

  it("searches every searchable field with q, after the filters' pause", async () => {
    const calls = stubApi(declaredReplies());
    await openEmployers();
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search Employers" }), "gulf");
    await waitFor(() => expect(listCalls(calls, "/api/employers").at(-1)!.get("q")).toBe("gulf"), { timeout: 3000 });
    expect(locationSearch().get("q")).toBe("gulf");
  });

  it("lets the user hide a column (Columns), the title staying", async () => {
    stubApi(declaredReplies());
    await openEmployers();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Columns/ }));
    const dialog = await screen.findByRole("dialog", { name: "Columns of Employers" });
    expect((within(dialog).getByRole("checkbox", { name: /Name/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole("checkbox", { name: "Country" }));
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).not.toContain("Country"));
  });

  it("exports what the list shows as CSV: its search, its order, its columns in their order (issue 27)", async () => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const file = { "content-disposition": `attachment; filename="employers-2026-11-27.csv"`, "content-type": "text/csv; charset=utf-8" };
    const calls = stubApi(declaredReplies((config) => (urlOf(config).query.get("format") === "csv" ? { body: new Blob(["\ufeffName\r\nDoha Works\r\n"], { type: "text/csv" }), headers: file } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers?q=gulf&sort=licenceNo&order=asc");
    await screen.findByRole("link", { name: "Doha Works" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Columns/ }));
    const dialog = await screen.findByRole("dialog", { name: "Columns of Employers" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Country" }));
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await user.click(screen.getByRole("button", { name: /Export/ }));
    await user.click(await screen.findByRole("menuitem", { name: "CSV" }));
    await waitFor(() => expect(calls.some((c) => urlOf(c).query.get("format") === "csv")).toBe(true));
    const query = urlOf(calls.find((c) => urlOf(c).query.get("format") === "csv")!).query;
    expect(Object.fromEntries(query)).toEqual({ q: "gulf", _sort: "licenceNo", _order: "asc", columns: "name,licenceNo,contactPerson,phone,email", format: "csv" });
    expect(await screen.findByText("Exported employers-2026-11-27.csv")).toBeTruthy();
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it("offers Excel too, and shows the server's reason when it refuses the file (a Blob envelope read back)", async () => {
    const refusal = "An Excel file holds at most 100,000 rows; this list has 250,000. Export it as CSV, or narrow it with filters.";
    const body = new Blob([JSON.stringify({ success: false, replyMessage: null, message: null, errorMessage: refusal })], { type: "application/json" });
    const calls = stubApi(declaredReplies((config) => (urlOf(config).query.get("format") === "xlsx" ? { status: 400, body } : undefined)));
    await openEmployers();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Export/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Excel (XLSX)" }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText("The export failed")).toBeTruthy();
    expect(calls.filter((c) => urlOf(c).query.get("format") === "xlsx")).toHaveLength(1);
  });

  it("exports Slots (a legacy list) from the spec's path, in its columns, with no query but the file's", async () => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const file = { "content-disposition": `attachment; filename="slots-2026-11-27.csv"`, "content-type": "text/csv; charset=utf-8" };
    const calls = stubApi(declaredReplies((config) => (urlOf(config).query.get("format") ? { body: new Blob(["\ufeffID,Slot Number\r\n"], { type: "text/csv" }), headers: file } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/slot-creation");
    await screen.findByRole("heading", { name: "Slot Number Creation" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Export/ }));
    await user.click(await screen.findByRole("menuitem", { name: "CSV" }));
    expect(await screen.findByText("Exported slots-2026-11-27.csv")).toBeTruthy();
    const asked = calls.map(urlOf).find((u) => u.query.has("format"))!;
    expect(asked.path).toBe("/slot/get-all-slots");
    expect(Object.fromEntries(asked.query)).toEqual({ columns: "id,slotName", format: "csv" });
  });

  it("shows references by the referenced record's title (getMany ?id=), dates DD/MM/YYYY, money in taka, booleans Yes/No", async () => {
    const calls = stubApi(declaredReplies());
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/demand-letters");
    const row = (await screen.findByRole("link", { name: "DL-2026-007" })).closest("tr")!;
    await waitFor(() => expect(within(row).getByRole("link", { name: "Doha Works" }).getAttribute("href")).toBe("/dashboard/admin/employers/2"));
    expect(calls.some((c) => c.url === "http://app.test/api/employers?id=2" || urlOf(c).query.getAll("id").join() === "2")).toBe(true);
    expect(within(row).getByText("20/12/2026")).toBeTruthy();
    expect(within(row).getByText("৳45,00,000")).toBeTruthy();
    expect(within(row).getByText("Yes")).toBeTruthy();
  });

  it("a super admin sees Employers and Demand Letters read-only: no create, edit or delete", async () => {
    stubApi(declaredReplies());
    await openEmployers("SUPER_ADMIN");
    expect(screen.getByRole("link", { name: "Show Doha Works" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit Doha Works" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Doha Works" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Create Employer/ })).toBeNull();
  });

  // The agent's menu, without them, is checked with every menu in access-control.test.ts.
  it("puts Employers and Demand Letters in the menus of the roles that may list them, Slot Creation in the admin's only", async () => {
    stubApi(declaredReplies());
    await openEmployers("SUPER_ADMIN");
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    expect(within(menu).getByRole("link", { name: "Employers" }).getAttribute("href")).toBe("/dashboard/super-admin/employers");
    expect(within(menu).getByRole("link", { name: "Demand Letters" })).toBeTruthy();
    expect(within(menu).queryByText("Slot Creation")).toBeNull();
  });
});

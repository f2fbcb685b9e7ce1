import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { envelope, locationSearch, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";
import { pageOf } from "./support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const AGENTS = [
  { id: 3, username: "agent" },
  { id: 4, username: "agent2" },
];

/** Answers passport lists with `total` rows paged as asked, and the agent list. */
function stubPassports(total = 57) {
  return stubApi((config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url!, "http://x");
    if (url.pathname === "/auth/get-all-agents") return { body: envelope(AGENTS) };
    const page = Number(url.searchParams.get("page") ?? 0);
    const size = Number(url.searchParams.get("size") ?? 10);
    const from = page * size + 1;
    return { body: envelope(pageOf(from, Math.max(0, Math.min(size, total - from + 1)), total)) };
  });
}

const listCalls = (calls: InternalAxiosRequestConfig[]) =>
  calls.map((c) => new URL(c.url!, "http://x")).filter((u) => u.pathname.startsWith("/api/passport/"));

const firstCells = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0].textContent);

describe("passport table: URL state (spec §2)", () => {
  it("reads filters, page and size from the URL, asks the server for them and numbers rows from there", async () => {
    const calls = stubPassports();
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/reviewed?fullName=Worker&page=2&size=20");
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    const last = listCalls(calls).at(-1)!;
    expect(last.pathname).toBe("/api/passport/filter");
    expect(Object.fromEntries(last.searchParams)).toEqual({
      fullName: "Worker",
      isSuperAdminApproved: "REVIEWED",
      page: "1",
      size: "20",
    });
    expect(firstCells().slice(0, 3)).toEqual(["21", "22", "23"]);
    expect(screen.getByText("Full Name: Worker")).toBeTruthy();
    expect(screen.getByText("Showing 21–40 of 57 items")).toBeTruthy();
  });

  it("puts the page in the URL when the user pages, and clearing filters drops them and the page", async () => {
    const calls = stubPassports();
    signInAs(2, "admin", ["ADMIN"]);
    const user = userEvent.setup();
    renderApp("/dashboard/admin/reviewed?passportNo=BX");
    expect(await screen.findByText("Worker 1")).toBeTruthy();

    await user.click(screen.getByTitle("3"));
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    expect(locationSearch().get("page")).toBe("3");
    expect(locationSearch().get("passportNo")).toBe("BX");
    expect(firstCells()[0]).toBe("21");

    await user.click(screen.getByRole("button", { name: "Clear All Filter" }));
    expect(
      await screen.findByText("No filters applied. Use the filter icons in the table headers to refine your search."),
    ).toBeTruthy();
    expect(locationSearch().toString()).toBe("");
    await waitFor(() => expect(Object.fromEntries(listCalls(calls).at(-1)!.searchParams)).toEqual({
      isSuperAdminApproved: "REVIEWED",
      page: "0",
      size: "10",
    }));
  });

  it("applies a header search after the pause and keeps it in the URL", async () => {
    const calls = stubPassports();
    signInAs(2, "admin", ["ADMIN"]);
    const user = userEvent.setup();
    renderApp("/dashboard/admin/reviewed?page=2");
    expect(await screen.findByText("Worker 11")).toBeTruthy();

    await user.click(screen.getAllByLabelText("Filter Phone")[0]);
    await user.type(await screen.findByLabelText("Search Phone"), " 0171 ");
    await user.click(screen.getByRole("button", { name: /Search/ }));
    expect(locationSearch().get("telephone")).toBe("0171");
    expect(locationSearch().get("page")).toBeNull();
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("telephone")).toBe("0171"), { timeout: 3000 });
    expect(screen.getByText("Phone: 0171")).toBeTruthy();
  });

  it("switches to the agent-specific endpoint when an agent is chosen, and back with Clear Agent", async () => {
    const calls = stubPassports();
    signInAs(2, "admin", ["ADMIN"]);
    const user = userEvent.setup();
    renderApp("/dashboard/admin/reviewed");
    expect(await screen.findByText("Worker 1")).toBeTruthy();

    await user.click(screen.getByRole("combobox", { name: "Agent" }));
    await user.click(await screen.findByTitle("agent2"));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.pathname).toBe("/api/passport/filter-agent-specific-passports/4"),
    );
    expect(locationSearch().get("agentId")).toBe("4");

    await user.click(screen.getByRole("button", { name: "Clear Agent" }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.pathname).toBe("/api/passport/filter"));
    expect(locationSearch().get("agentId")).toBeNull();
  });
});

describe("passport table: Export (issue 27)", () => {
  const file = { "content-disposition": `attachment; filename="reviewed-passports-2026-11-27.csv"`, "content-type": "text/csv; charset=utf-8" };
  /** Passport lists of 57 rows, the agents, and the lists' files; answers the file requests. */
  function stubWithFiles() {
    const calls = stubApi((config: InternalAxiosRequestConfig) => {
      const url = new URL(config.url!, "http://x");
      if (url.searchParams.get("format")) return { body: new Blob(["\ufeffSL,Full Name\r\n1,Worker 1\r\n"], { type: "text/csv" }), headers: file };
      if (url.pathname === "/auth/get-all-agents") return { body: envelope(AGENTS) };
      const page = Number(url.searchParams.get("page") ?? 0);
      const size = Number(url.searchParams.get("size") ?? 10);
      return { body: envelope(pageOf(page * size + 1, Math.min(size, 57 - page * size), 57)) };
    });
    return { get files() { return calls.filter((c) => new URL(c.url!, "http://x").searchParams.has("format")); } };
  }

  it("downloads the list as filtered on screen: its filters and agent, every page, the columns shown in their order", async () => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const calls = stubWithFiles();
    signInAs(2, "admin", ["ADMIN"]);
    const user = userEvent.setup();
    renderApp("/dashboard/admin/reviewed?fullName=Worker&agentId=4&page=2");
    expect(await screen.findByText("Worker 11")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Columns/ }));
    const dialog = await screen.findByRole("dialog", { name: "Columns of Reviewed Passports" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Father's Name" }));
    await user.click(within(dialog).getByRole("button", { name: "Move Phone up" }));
    await user.click(within(dialog).getByRole("button", { name: "Done" }));

    await user.click(screen.getByRole("button", { name: /Export/ }));
    await user.click(await screen.findByRole("menuitem", { name: "CSV" }));
    expect(await screen.findByText("Exported reviewed-passports-2026-11-27.csv")).toBeTruthy();
    expect(calls.files).toHaveLength(1);
    const url = new URL(calls.files[0].url!, "http://x");
    expect(url.pathname).toBe("/api/passport/filter-agent-specific-passports/4");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fullName: "Worker",
      isSuperAdminApproved: "REVIEWED",
      columns: "serial,fullName,passportNo,mothersName,passportIssueDate,passportExpireDate,dob,age,schooling,telephone,maritalStatus,agentName,slot,visaType,status",
      format: "csv",
    });
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it("asks an agent's own list for their file, as Excel when chosen", async () => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const calls = stubWithFiles();
    signInAs(7, "agent7", ["AGENT"]);
    const user = userEvent.setup();
    renderApp("/dashboard/agent/pending");
    expect(await screen.findByText("Worker 1")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Export/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Excel (XLSX)" }));
    await waitFor(() => expect(calls.files).toHaveLength(1));
    const url = new URL(calls.files[0].url!, "http://x");
    expect(url.pathname).toBe("/api/passport/filter-agent-specific-passports/7");
    expect(url.searchParams.get("isSuperAdminApproved")).toBe("PENDING");
    expect(url.searchParams.get("format")).toBe("xlsx");
    expect(url.searchParams.get("columns")?.split(",")).not.toContain("attachments");
    expect(url.searchParams.has("page")).toBe(false);
  });
});

/** Issue 11 "Security Log": the super admin's screen, paged on the server, filtered by user and kind. */
import { formatDateTime } from "../../src/format";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { envelope, failure, locationPath, locationSearch, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
  signInAs(1, "superadmin", ["SUPER_ADMIN"]);
});
afterEach(resetSession);

const events = [
  { id: 9, at: "2025-03-01T09:00:00.000Z", kind: "ACCOUNT_DISABLED", userId: 12, username: "rahim", actorUsername: "superadmin", ipAddress: "10.0.0.2", browser: "Chrome 126 on Windows", details: "2 sessions ended" },
  { id: 8, at: "2025-03-01T08:00:00.000Z", kind: "SIGN_IN_FAILED", userId: null, username: "nobody", actorUsername: null, ipAddress: "10.0.0.7", browser: null, details: "Unknown username" },
];

const urls = (calls: { url?: string; method?: string }[]) => calls.filter((c) => c.method === "get").map((c) => c.url);

describe("Security Log", { timeout: 30_000 }, () => {
  it("is in the Control Panel menu and lists the events newest first with who, by whom, where and what", async () => {
    const calls = stubApi(() => ({ body: envelope({ content: events, totalElements: 23 }) }));
    renderApp("/dashboard/super-admin/pending");
    const menu = await screen.findByRole("navigation", { name: "Main menu" });
    await userEvent.click(within(menu).getByText("Security Log"));
    await waitFor(() => expect(locationPath()).toBe("/dashboard/super-admin/security-log"));
    expect(await screen.findByRole("heading", { name: "Security Log", level: 3 })).toBeTruthy();

    const disabled = (await screen.findByText("Account disabled")).closest("tr")!;
    for (const text of ["rahim", "superadmin", "10.0.0.2", "Chrome 126 on Windows", "2 sessions ended", formatDateTime(events[0].at)]) {
      expect(within(disabled).getByText(text)).toBeTruthy();
    }
    const failed = screen.getByText("Sign-in failed").closest("tr")!;
    expect(within(failed).getByText("nobody")).toBeTruthy();
    expect(within(failed).getAllByText("---")).toHaveLength(2); // no one else did it; no browser
    for (const header of ["When", "Event", "User", "By", "Address", "Browser", "Details"]) expect(screen.getByRole("columnheader", { name: header })).toBeTruthy();
    expect(screen.getByText("Showing 1–10 of 23 items")).toBeTruthy();
    expect(urls(calls)).toContain("/auth/security-events?page=0&size=10");
  });

  it("exports the log as filtered on screen, every page of it (issue 27)", async () => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const file = { "content-disposition": `attachment; filename="security-log-2026-11-27.csv"`, "content-type": "text/csv; charset=utf-8" };
    const calls = stubApi((config) => (config.url?.includes("format=") ? { body: new Blob(["\ufeffWhen\r\n"]), headers: file } : { body: envelope({ content: events, totalElements: 23 }) }));
    renderApp("/dashboard/super-admin/security-log?username=rahim&kind=ACCOUNT_DISABLED&page=2");
    await screen.findByText("Account disabled");
    await userEvent.click(screen.getByRole("button", { name: /Export/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "CSV" }));
    expect(await screen.findByText("Exported security-log-2026-11-27.csv")).toBeTruthy();
    expect(urls(calls)).toContain("/auth/security-events?username=rahim&kind=ACCOUNT_DISABLED&format=csv");
  });

  it("filters by user and by kind on the server, keeping them in the URL, and pages", async () => {
    const calls = stubApi(() => ({ body: envelope({ content: events, totalElements: 23 }) }));
    renderApp("/dashboard/super-admin/security-log");
    await screen.findByText("Account disabled");

    await userEvent.type(screen.getByRole("searchbox", { name: "Filter by username" }), "Rahim{Enter}");
    await waitFor(() => expect(urls(calls)).toContain("/auth/security-events?username=Rahim&page=0&size=10"));

    await userEvent.click(screen.getByRole("combobox", { name: "Filter by event" }));
    await userEvent.click((await screen.findAllByTitle("Sign-in failed")).find((el) => el.classList.contains("ant-select-item-option"))!);
    await waitFor(() => expect(urls(calls)).toContain("/auth/security-events?username=Rahim&kind=SIGN_IN_FAILED&page=0&size=10"));
    expect(locationSearch().get("kind")).toBe("SIGN_IN_FAILED");

    await userEvent.click(screen.getByTitle("2"));
    await waitFor(() => expect(urls(calls)).toContain("/auth/security-events?username=Rahim&kind=SIGN_IN_FAILED&page=1&size=10"));

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(locationSearch().toString()).toBe(""));
  });

  it("offers Retry when the log cannot be loaded", async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500, body: failure("Internal server error") } : { body: envelope({ content: events, totalElements: 2 }) }));
    renderApp("/dashboard/super-admin/security-log");
    expect(await screen.findByText("Could not load the security log.")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Account disabled")).toBeTruthy();
  });
});

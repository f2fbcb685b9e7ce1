import { screen, waitFor, within } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";
import { fakePassport } from "./support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const url = (config: InternalAxiosRequestConfig) => config.url ?? "";
const headers = () => Array.from(document.querySelectorAll("thead th")).map((th) => th.textContent?.trim());

describe("agent lists (spec §2 Agent screens)", { timeout: 30_000 }, () => {
  it.each([
    ["/dashboard/agent", "PENDING"],
    ["/dashboard/agent/pending", "PENDING"],
    ["/dashboard/agent/approved", "APPROVED"],
    ["/dashboard/agent/rejected", "REJECTED"],
  ])("%s lists the agent's own %s passports, read-only", async (path, status) => {
    const calls = stubApi(() => ({
      body: envelope({ content: [fakePassport(1, { isSuperAdminApproved: status, isWorkPermitApproved: true })], totalElements: 1 }),
    }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp(path);
    const row = (await screen.findByText("Worker 1")).closest("tr")!;
    expect(within(row).getByText("Done")).toBeTruthy();
    expect(within(row).getAllByText("Processing")).toHaveLength(5);
    expect(within(row).getByRole("button", { name: "View Attachments" })).toBeTruthy();
    // Read-only: the only buttons in a row are the name (opens the file) and the attachments link; no agent dropdown.
    expect(within(row).getAllByRole("button").map((b) => b.textContent)).toEqual([expect.stringMatching(/^Worker \d+$/), "View Attachments"]);
    expect(screen.queryByText("Clear Agent")).toBeNull();
    expect(screen.queryByRole("combobox", { name: /agent/i })).toBeNull();
    expect(headers()).not.toContain("Agent Name");
    await waitFor(() =>
      expect(calls.map(url)).toContain(`/api/passport/filter-agent-specific-passports/3?isSuperAdminApproved=${status}&page=0&size=10`),
    );
    // Never an endpoint an agent may not call (a 403 would sign it out): its lists and the menu's counts of its own.
    expect(calls.every((c) => url(c).startsWith("/api/passport/filter-agent-specific-passports/3") || url(c) === "/api/passport/overview")).toBe(true);
  });
});

describe("Application History (spec §2)", { timeout: 30_000 }, () => {
  it("shows the seventeen columns in order from filter-history, with search popups and history status colours", async () => {
    const calls = stubApi(() => ({
      body: envelope({ content: [fakePassport(1, { isSuperAdminApproved: "COMPLETED" }), fakePassport(2, { isSuperAdminApproved: "APPROVED" })], totalElements: 2 }),
    }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/passport-history");
    await screen.findByText("Worker 1");
    expect(headers()).toEqual([
      "SL",
      "Full Name",
      "Passport No",
      "Phone",
      "Agent Name",
      "Visa Type",
      "Status",
      "Work Permit",
      "Gadget Published",
      "Visa Applied",
      "Visa Granted",
      "Visa Issue Date",
      "Visa Expiry Date",
      "Visa Remaining Days",
      "BMET Approved",
      "Flight Scheduled",
      "Flight Schedule Date",
    ]);
    for (const title of ["Full Name", "Passport No", "Phone", "Agent Name", "Visa Type", "Status"]) {
      expect(screen.getAllByLabelText(`Filter ${title}`).length).toBeGreaterThan(0);
    }
    expect(screen.queryByLabelText("Filter Slot")).toBeNull();
    expect(screen.getByText("COMPLETED").closest(".ant-tag")!.className).toContain("blue");
    expect(screen.getByText("APPROVED").closest(".ant-tag")!.className).toContain("green");
    expect(calls.map(url)).toContain("/api/passport/filter-history?page=0&size=10");
  });

  it("the adminDataType route value passport-history opens the same list with URL filters", async () => {
    const calls = stubApi(() => ({ body: envelope({ content: [], totalElements: 0 }) }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/passport-history?isSuperAdminApproved=REJECTED&agentName=agent2");
    await waitFor(() =>
      expect(calls.map(url)).toContain("/api/passport/filter-history?agentName=agent2&isSuperAdminApproved=REJECTED&page=0&size=10"),
    );
  });
});

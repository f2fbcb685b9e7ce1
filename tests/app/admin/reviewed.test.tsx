import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listCalls, stubPassportLists } from "../support/passport-lists";
import { renderApp, resetSession, signInAs } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

describe("admin Reviewed (spec §2)", () => {
  it("shows the Pending table's columns in the same order, without the action and comment columns", async () => {
    const calls = stubPassportLists(3);
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/reviewed");
    expect(await screen.findByRole("heading", { name: "Reviewed Passports", level: 1 })).toBeTruthy();
    const row = within((await screen.findByText("Worker 2")).closest("tr") as HTMLElement);

    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual([
      "SL", "Full Name", "Passport No", "Father's Name", "Mother's Name", "Passport Issue Date", "Passport Expire Date",
      "Date of Birth", "Age", "Schooling", "Marital Status", "Phone", "Agent Name", "Slot", "Visa Type", "Attachments",
      "Status",
    ]);
    expect(row.getByRole("button", { name: "View Attachments" })).toBeTruthy();
    expect(row.getByText("REVIEWED")).toBeTruthy();
    expect(row.queryByRole("button", { name: /^Review/ })).toBeNull();
    expect(row.queryByRole("button", { name: /^Reject/ })).toBeNull();
    expect(row.queryByText("Write a comment")).toBeNull();

    const last = listCalls(calls).at(-1)!;
    expect(last.pathname).toBe("/api/passport/filter");
    expect(last.searchParams.get("isSuperAdminApproved")).toBe("REVIEWED");
  });
});

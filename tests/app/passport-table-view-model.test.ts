/**
 * What a passport list shows, as the passport table renders it and the first screen draws it before
 * the app has loaded (src/components/passport-table/view-model.ts): cells, columns, a phone's card,
 * the footer and the filter hint.
 */
import { describe, expect, it } from "vitest";
import type { Passport } from "../../src/contract";
import { chosenColumns } from "../../src/components/passport-table/column-choice";
import { cardView, cellView, filterHint, pageFooter, shownColumns } from "../../src/components/passport-table/view-model";
import { CARD_FIELDS, HISTORY_COLUMNS } from "../../src/resources/passport-columns";

const HINT = "No filters applied. Use the filter icons in the table headers to refine your search.";

describe("cells", () => {
  const passport = {
    id: 1,
    fullName: "Rahim Uddin",
    fathersName: null,
    passportIssueDate: "2024-03-01",
    contractAmount: 350000,
    isSuperAdminApproved: "APPROVED_BY_ADMIN",
    isVisaGranted: true,
    isBMETApproved: false,
    flightScheduleDate: "2026-12-01T09:30:00",
  } as unknown as Passport;

  it("read as every passport table writes them", () => {
    expect(cellView("serial", passport, 11, "default")).toEqual({ kind: "text", text: "11" });
    expect(cellView("fullName", passport, 1, "default")).toEqual({ kind: "link", text: "Rahim Uddin", opens: "file" });
    expect(cellView("fathersName", passport, 1, "default")).toEqual({ kind: "text", text: "---" });
    expect(cellView("passportIssueDate", passport, 1, "default")).toEqual({ kind: "text", text: "01/03/2024" });
    expect(cellView("contractAmount", passport, 1, "default")).toEqual({ kind: "text", text: "৳3,50,000" });
    expect(cellView("status", passport, 1, "default")).toEqual({ kind: "tag", text: "APPROVED-BY-ADMIN", color: "green" });
    expect(cellView("isVisaGranted", passport, 1, "default")).toEqual({ kind: "tag", text: "Done", color: "green" });
    expect(cellView("isBMETApproved", passport, 1, "default")).toEqual({ kind: "tag", text: "Processing", color: "red" });
    expect(cellView("flightScheduleDate", passport, 1, "default")).toEqual({ kind: "text", text: "01/12/2026 09:30" });
    expect(cellView("attachments", passport, 1, "default")).toEqual({ kind: "link", text: "View Attachments", opens: "attachments" });
  });

  it("colour a status by the list's palette, and show none when there is none", () => {
    const reviewed = { ...passport, isSuperAdminApproved: "PENDING" } as Passport;
    expect(cellView("status", reviewed, 1, "default")).toEqual({ kind: "tag", text: "PENDING", color: "orange" });
    expect(cellView("status", reviewed, 1, "history")).toEqual({ kind: "tag", text: "PENDING", color: "blue" });
    expect(cellView("status", { ...passport, isSuperAdminApproved: null } as unknown as Passport, 1, "default")).toEqual({ kind: "text", text: "" });
  });
});

describe("columns", () => {
  it("are the user's choice of the choosable ones, then the actions, with their titles", () => {
    const declared = ["serial", "fullName", "passportNo", "telephone", "attachments", "status"] as const;
    const chosen = chosenColumns(["serial", "fullName", "passportNo", "telephone", "status"], new Set(["serial", "fullName"] as const), {
      order: ["status", "passportNo", "telephone"],
      hidden: ["telephone"],
    });
    expect(shownColumns(declared, chosen)).toEqual([
      { id: "serial", title: "SL", wrap: false },
      { id: "fullName", title: "Full Name", wrap: true },
      { id: "status", title: "Status", wrap: false },
      { id: "passportNo", title: "Passport No", wrap: false },
      { id: "attachments", title: "Attachments", wrap: false },
    ]);
  });
});

describe("a phone's card", () => {
  it("shows the declared card fields the list shows (CARD_FIELDS by default)", () => {
    const card = cardView({ columns: HISTORY_COLUMNS, search: [] });
    expect(card.passportNo && card.status).toBe(true);
    expect(card.fields.map((field) => field.id)).toEqual(CARD_FIELDS.filter((id) => HISTORY_COLUMNS.includes(id)));
    expect(cardView({ columns: ["fullName", "slot"], search: [], card: ["slot", "visaType"] })).toEqual({
      passportNo: false,
      status: false,
      fields: [{ id: "slot", title: "Slot", wrap: false }],
    });
  });
});

describe("the footer", () => {
  it("says which items the page holds, and nothing when it holds none", () => {
    expect(pageFooter(2, 10, 57)).toBe("Showing 11–20 of 57 items");
    expect(pageFooter(6, 10, 57)).toBe("Showing 51–57 of 57 items");
    expect(pageFooter(1, 10, 0)).toBe("");
    expect(pageFooter(9, 10, 57)).toBe("");
  });
});

describe("the filter hint", () => {
  it("shows while no filter is set, the Overview's extra filters included", () => {
    expect(filterHint({})).toBe(HINT);
    expect(filterHint({ fullName: "rahim" })).toBeUndefined();
    expect(filterHint({ visaExpireTo: "2026-12-31" })).toBeUndefined();
  });
});

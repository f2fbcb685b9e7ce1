/**
 * Issue 28: the passport lists and the Overview in Bengali. Titles, statuses, Done / Processing, visa
 * types and marital statuses from the texts; dates, money, counts and row numbers in Bengali digits;
 * identifiers (passport, phone, slot) as typed. The server's files stay English (passport-cells.ts).
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Passport, PassportOverview } from "../../src/contract";
import { localColumnText, statusText } from "../../src/components/display/words";
import { tableFooterText } from "../../src/components/display/pagination";
import { cellView, columnView, filterHint } from "../../src/components/passport-table/view-model";
import { passportFilterLabel, passportFilterValue } from "../../src/components/filters/labels";
import { columnText, PASSPORT_COLUMN_TITLES, passportCellText } from "../../src/format/passport-cells";
import { changeLanguage } from "../../src/i18n/i18n";
import english from "../../src/i18n/locales/en";
import { PASSPORT_COLUMN_IDS } from "../../src/resources/passport-columns";
import { fakePassport } from "./support/passports";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";

beforeAll(async () => {
  await Promise.all([import("../../src/pages/overview/OverviewPage"), import("../../src/pages/passports/PassportListPage")]);
}, 120_000);

const passport = fakePassport(7, {
  passportIssueDate: "2026-11-26",
  contractAmount: 400000,
  isSuperAdminApproved: "REJECTED_BY_ADMIN",
  isWorkPermitApproved: true,
  visaRemainingDays: 45,
  flightScheduleDate: "2026-12-01T09:30:00",
});

describe("a passport's cells in each language", () => {
  it("are English for the server's files whatever the app shows, and the app's English titles are the same", async () => {
    await changeLanguage("bn");
    expect(PASSPORT_COLUMN_TITLES.passportNo).toBe("Passport No");
    expect(passportCellText("status", passport, 1)).toBe("REJECTED-BY-ADMIN");
    expect(passportCellText("isWorkPermitApproved", passport, 1)).toBe("Done");
    expect(passportCellText("passportIssueDate", passport, 1)).toBe("26/11/2026");
    expect(columnText("contractAmount", 400000)).toBe("৳4,00,000");
    // One wording: the English texts hold the server's titles word for word.
    const titles = (english.passportTable as { columns: Record<string, string> }).columns;
    for (const id of PASSPORT_COLUMN_IDS) expect(titles[id], id).toBe(PASSPORT_COLUMN_TITLES[id]);
  });

  it("take Bengali digits for dates, money and counts in Bengali, and leave identifiers as typed", () => {
    expect(columnText("passportIssueDate", "2026-11-26", "bn")).toBe("২৬/১১/২০২৬");
    expect(columnText("contractAmount", 400000, "bn")).toBe("৳৪,০০,০০০");
    expect(columnText("flightScheduleDate", "2026-12-01T09:30:00", "bn")).toBe("০১/১২/২০২৬ ০৯:৩০");
    expect(columnText("age", 30, "bn")).toBe("৩০");
    expect(columnText("passportNo", "BX000007", "bn")).toBe("BX000007");
    expect(columnText("telephone", "01712345678", "bn")).toBe("01712345678");
    expect(columnText("slot", "SLOT-2026-01", "bn")).toBe("SLOT-2026-01");
    expect(columnText("fathersName", null, "bn")).toBe("---");
  });

  it("read in Bengali on screen: titles, statuses, flags, visa type, marital status, footer and hint", async () => {
    await changeLanguage("bn");
    expect(columnView("passportNo").title).toBe("পাসপোর্ট নম্বর");
    expect(cellView("serial", passport, 12, "default")).toEqual({ kind: "text", text: "১২" });
    expect(cellView("passportNo", passport, 1, "default")).toEqual({ kind: "text", text: "BX000007" });
    expect(cellView("passportIssueDate", passport, 1, "default")).toEqual({ kind: "text", text: "২৬/১১/২০২৬" });
    expect(cellView("contractAmount", passport, 1, "default")).toEqual({ kind: "text", text: "৳৪,০০,০০০" });
    expect(cellView("visaRemainingDays", passport, 1, "default")).toEqual({ kind: "text", text: "৪৫" });
    expect(cellView("status", passport, 1, "default")).toEqual({ kind: "tag", text: "অ্যাডমিন কর্তৃক বাতিল", color: "red" });
    expect(cellView("isWorkPermitApproved", passport, 1, "default")).toEqual({ kind: "tag", text: "সম্পন্ন", color: "green" });
    expect(cellView("isVisaGranted", passport, 1, "default")).toEqual({ kind: "tag", text: "প্রক্রিয়াধীন", color: "red" });
    expect(cellView("attachments", passport, 1, "default")).toEqual({ kind: "link", text: "সংযুক্তি দেখুন", opens: "attachments" });
    expect(localColumnText("visaType", "WORKVISA")).toBe("ওয়ার্ক ভিসা");
    expect(localColumnText("maritalStatus", "Widowed")).toBe("বিধবা/বিপত্নীক");
    expect(localColumnText("visaType", "SOMETHING")).toBe("SOMETHING");
    expect(statusText("PENDING")).toBe("অপেক্ষমাণ");
    expect(statusText("approved_by_super_admin")).toBe("সুপার অ্যাডমিন কর্তৃক অনুমোদিত");
    expect(statusText("ON_HOLD")).toBe("ON_HOLD");
    expect(tableFooterText([11, 20], 1200)).toBe("১,২০০টির মধ্যে ১১–২০ দেখানো হচ্ছে");
    expect(filterHint({})).toMatch(/^কোনো ফিল্টার/);
    expect(passportFilterLabel("isSuperAdminApproved")).toBe("অবস্থা");
    expect(passportFilterLabel("flightTo")).toBe("ফ্লাইট, যেদিনের মধ্যে");
    expect(passportFilterValue("isVisaGranted", "true")).toBe("সম্পন্ন");
    expect(passportFilterValue("visaExpireTo", "2026-12-23")).toBe("২৩/১২/২০২৬");
  });

  it("stay as they were in English", () => {
    expect(cellView("serial", passport, 12, "default")).toEqual({ kind: "text", text: "12" });
    expect(cellView("status", passport, 1, "default")).toEqual({ kind: "tag", text: "REJECTED-BY-ADMIN", color: "red" });
    expect(localColumnText("visaType", "WORKVISA")).toBe("WORKVISA");
    expect(localColumnText("maritalStatus", "Single")).toBe("Single");
    expect(tableFooterText([11, 20], 57)).toBe("Showing 11–20 of 57 items");
    expect(passportFilterLabel("fullName")).toBe("Full Name");
  });
});

const overview: PassportOverview = {
  today: "2026-11-23",
  agentId: null,
  byStatus: { PENDING: 4, REVIEWED: 17, COMPLETED: 2, APPROVED: 30, REJECTED: 5 },
  reviewedMilestones: { isWorkPermitApproved: 5, isGadgetPublished: 4, isVisaApplied: 3, isVisaGranted: 2, isBMETApproved: 1, isFlightScheduled: 0 },
  decidedThisMonth: { approved: 13, rejected: 1, filter: { statusChangedFrom: "2026-11-01" } },
  attention: {
    visaExpiring: { byStatus: { REVIEWED: 2, COMPLETED: 1 }, total: 3, filter: { visaExpireTo: "2026-12-23" } },
    passportExpiring: { byStatus: {}, total: 0, filter: { passportExpireTo: "2027-05-23" } },
    flightsSoon: { byStatus: {}, total: 0, filter: { flightFrom: "2026-11-23", flightTo: "2026-11-30" } },
    waitingLong: { byStatus: {}, total: 0, filter: { statusChangedTo: "2026-11-08" } },
  },
};

describe("the lists and the Overview in Bengali (issue 28)", { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1280;
  });
  afterEach(resetSession);

  it("the agent's Pending list: Bengali titles, status and flags, dates in Bengali digits, the passport number as typed", async () => {
    await changeLanguage("bn");
    stubApi(() => ({ body: envelope({ content: [{ ...passport, isSuperAdminApproved: "PENDING" } satisfies Passport], totalElements: 1 }) }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    const row = (await screen.findByText("Worker 7", undefined, { timeout: 30_000 })).closest("tr")!;
    const headers = [...document.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
    expect(headers).toContain("পাসপোর্ট নম্বর");
    expect(headers).toContain("ওয়ার্ক পারমিট");
    expect(headers).not.toContain("Passport No");
    expect(within(row).getByText("BX000007")).toBeTruthy();
    expect(within(row).getByText("২৬/১১/২০২৬")).toBeTruthy();
    expect(within(row).getByText("অপেক্ষমাণ")).toBeTruthy();
    expect(within(row).getByText("সম্পন্ন")).toBeTruthy();
    expect(within(row).getAllByText("প্রক্রিয়াধীন")).toHaveLength(5);
    expect(within(row).getByText("ওয়ার্ক ভিসা")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "সংযুক্তি দেখুন" })).toBeTruthy();
    expect(screen.getByText("১টির মধ্যে ১–১ দেখানো হচ্ছে")).toBeTruthy();
    expect(screen.getByRole("button", { name: /কলাম/ })).toBeTruthy();
  });

  it("the Overview: its counts in Bengali digits, its dates too", async () => {
    await changeLanguage("bn");
    stubApi((config) => {
      if ((config.url ?? "").startsWith("/api/passport/overview")) return { body: envelope(overview) };
      if (config.url === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }]) };
      return { body: envelope({ content: [], totalElements: 0 }) };
    });
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/overview");
    const stages = await screen.findByRole("region", { name: "ধাপসমূহ" }, { timeout: 30_000 });
    await waitFor(() => expect(within(stages).getByText("১৭")).toBeTruthy());
    expect(within(stages).getByRole("link", { name: "পর্যালোচিত: ১৭" })).toBeTruthy();
    expect(within(stages).getByText("১৩")).toBeTruthy();
    expect(within(stages).getByText("ওয়ার্ক পারমিট")).toBeTruthy();
    expect(screen.getByText(/২৩\/১২\/২০২৬-এর মধ্যে ভিসার মেয়াদ/)).toBeTruthy();
    expect(screen.getByText("মনোযোগ প্রয়োজন")).toBeTruthy();
  });
});

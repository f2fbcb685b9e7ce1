/**
 * The working day (issue 14) in the app: the Overview's counts open their lists filtered (shown as
 * chips), the menu shows its lists' counts, and the comment count opens the passport's file with every
 * comment and the timeline.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatDate } from "../../src/format";
import type { PassportComment, PassportEventRecord, PassportOverview } from "../../src/contract";
import { envelope, locationPath, locationSearch, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";
import { fakePassport } from "./support/passports";

// The screens load lazily; on a busy machine their first transform outlasts a find's wait.
beforeAll(async () => {
  await Promise.all([
    import("../../src/pages/overview/OverviewPage"),
    import("../../src/pages/passports/PassportListPage"),
    import("../../src/pages/super-admin/SuperAdminPendingPage"),
    import("../../src/components/passport-file/PassportFileDrawer"),
  ]);
}, 120_000);

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const none = { byStatus: {}, total: 0 };
const overview: PassportOverview = {
  today: "2026-11-23",
  agentId: null,
  byStatus: { PENDING: 4, REVIEWED: 7, COMPLETED: 2, APPROVED: 30, REJECTED: 5 },
  reviewedMilestones: { isWorkPermitApproved: 5, isGadgetPublished: 4, isVisaApplied: 3, isVisaGranted: 2, isBMETApproved: 1, isFlightScheduled: 0 },
  decidedThisMonth: { approved: 3, rejected: 1, filter: { statusChangedFrom: "2026-11-01" } },
  attention: {
    visaExpiring: { byStatus: { REVIEWED: 2, COMPLETED: 1 }, total: 3, filter: { visaExpireTo: "2026-12-23" } },
    passportExpiring: { ...none, filter: { passportExpireTo: "2027-05-23" } },
    flightsSoon: { ...none, filter: { flightFrom: "2026-11-23", flightTo: "2026-11-30" } },
    waitingLong: { ...none, filter: { statusChangedTo: "2026-11-08" } },
  },
};

const comments: PassportComment[] = [
  { id: 1, role: "ADMIN", text: "Police clearance checked", at: "2026-11-20T05:00:00Z", userId: 2, username: "admin" },
  { id: 2, role: "SUPER_ADMIN", text: "Employer confirmed", at: "2026-11-21T05:00:00Z", userId: 1, username: null },
];
const events: PassportEventRecord[] = [
  { id: 1, at: "2026-11-20T06:00:00Z", kind: "STATUS", field: "isSuperAdminApproved", oldValue: "PENDING", newValue: "REVIEWED", userId: 2, username: "admin" },
  { id: 2, at: "2026-11-20T07:00:00Z", kind: "MILESTONE", field: "isVisaGranted", oldValue: "false", newValue: "true", userId: 2, username: "admin" },
];

function stubDay() {
  const passport = fakePassport(1, { commentBySuperAdmin: "Employer confirmed", commentCount: 2 });
  return stubApi((config) => {
    const path = config.url ?? "";
    if (path.startsWith("/api/passport/overview")) return { body: envelope(overview) };
    if (path === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }]) };
    if (path === "/api/passport/1") return { body: envelope(passport) };
    if (path === "/api/passport/1/comments") return { body: envelope(comments) };
    if (path === "/api/passport/1/events") return { body: envelope(events) };
    return { body: envelope({ content: [passport], totalElements: 1 }) };
  });
}

describe("the working day (issue 14)", { timeout: 30_000 }, () => {
  it("the admin's Overview counts open their list filtered, shown as chips; the menu shows the lists' counts", async () => {
    const calls = stubDay();
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/overview");
    const menu = await screen.findByRole("navigation", { name: "Main menu" });
    await waitFor(() => expect(within(menu).getByRole("link", { name: "Reviewed" }).getAttribute("title")).toBe("Reviewed: 7 passports"));
    expect(within(menu).getByRole("link", { name: "Pending" }).getAttribute("title")).toBe("Pending: 4 passports");
    // COMPLETED has no list of the admin: a plain number, not a link.
    expect(screen.queryByRole("link", { name: "Completed: 2" })).toBeNull();

    await userEvent.click(await screen.findByRole("link", { name: "Visas expiring within 30 days, Reviewed: 2" }));
    await waitFor(() => expect(locationPath()).toBe("/dashboard/admin/reviewed"));
    expect(Object.fromEntries(locationSearch())).toEqual({ visaExpireTo: "2026-12-23" });
    // The day as every date of the tables reads (the display module's format).
    expect(await screen.findByText(`Visa expires by: ${formatDate("2026-12-23")}`)).toBeTruthy();
    const listed = () => calls.map((c) => new URL(c.url!, "http://x")).filter((u) => u.pathname === "/api/passport/filter");
    await waitFor(() =>
      expect(listed().map((u) => Object.fromEntries(u.searchParams))).toContainEqual({ isSuperAdminApproved: "REVIEWED", visaExpireTo: "2026-12-23", page: "0", size: "10" }),
    );
  });

  it("the comment count opens the passport's file on every role's comments; its timeline says who did what", async () => {
    stubDay();
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/pending");
    await userEvent.click(await screen.findByRole("button", { name: "2 comments on Worker 1" }));
    expect(Object.fromEntries(locationSearch())).toEqual({ passport: "1", fileTab: "comments" });
    const thread = within((await screen.findByText("Police clearance checked", {}, { timeout: 10_000 })).closest(".ant-list") as HTMLElement);
    expect(thread.getByText("Employer confirmed")).toBeTruthy();
    expect(thread.getByText("admin")).toBeTruthy();
    expect(thread.getByText("A deleted user")).toBeTruthy();

    await userEvent.click(screen.getByRole("tab", { name: "Timeline" }));
    const timeline = within(screen.getByRole("tabpanel", { name: "Timeline" }));
    expect((await timeline.findByText("moved it from PENDING to REVIEWED")).textContent).toBe("admin moved it from PENDING to REVIEWED");
    expect(timeline.getByText("set Visa Granted to Done").textContent).toBe("admin set Visa Granted to Done");
    expect(locationSearch().get("fileTab")).toBe("timeline");
  });
});

/**
 * Issue 28: the passport work in Bengali — the Add Passport form's labels and its §5 messages, the
 * §8 toasts of a review and a milestone, the milestone's name, the comment dialog.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { completeRefusal, DATE_UPDATES, dateRefusal, dateSetRefusal, MILESTONES, milestoneRefusal, type Passport } from "../../src/contract";
import { refusalText } from "../../src/components/passport-actions/refusal-text";
import { changeLanguage } from "../../src/i18n/i18n";
import { fakePassport } from "./support/passports";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "./support/render-app";

// The pages load lazily; on a busy machine their first transform outlasts a find's wait.
beforeAll(async () => {
  await Promise.all([import("../../src/pages/admin/AgentDataEntryPage"), import("../../src/pages/admin/work-permit/WorkPermitPage")]);
}, 120_000);

beforeEach(async () => {
  window.innerWidth = 1280;
  await changeLanguage("bn");
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

/** Admin 2's lists: `rows` in every list, one agent, one slot; PUTs answered by `onPut`. */
function stubLists(rows: Passport[], onPut: (config: InternalAxiosRequestConfig) => Reply = () => ({ body: envelope(null) })) {
  return stubApi((config) => {
    const path = new URL(config.url!, "http://x").pathname;
    if (config.method === "put") return onPut(config);
    if (path === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent-one" }]) };
    if (path === "/slot/get-all-slots") return { body: envelope([{ id: 1, slotName: "SLOT-2026-01" }]) };
    return { body: envelope({ content: rows, totalElements: rows.length }) };
  });
}

const rowOf = (name: string) => within(screen.getByText(name).closest("tr") as HTMLElement);

describe("the passport work in Bengali (issue 28)", { timeout: 60_000 }, () => {
  it("labels the Add Passport form in Bengali and says the §5 messages in Bengali", async () => {
    stubLists([fakePassport(8, { isSuperAdminApproved: "PENDING" })]);
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/agent-data-entry");
    await screen.findByText("Worker 8");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: /ক্লায়েন্টের তথ্য তৈরি করুন/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "পাসপোর্ট যোগ করুন" }));

    for (const label of ["পূর্ণ নাম", "পাসপোর্ট নম্বর", "পিতার নাম", "জন্ম তারিখ", "চুক্তির পরিমাণ (টাকা)", "স্লট নম্বর", "১ শিক্ষাগত সনদ"]) {
      expect(await dialog.findByLabelText(label)).toBeTruthy();
    }
    expect(dialog.getByText("প্রয়োজনীয় ডকুমেন্ট আপলোড করুন")).toBeTruthy();
    // The chosen value is shown in Bengali; what is sent stays the contract's ("Single", "WORKVISA").
    expect(dialog.getByText("অবিবাহিত")).toBeTruthy();
    expect(dialog.getByText("ওয়ার্ক ভিসা")).toBeTruthy();

    await user.click(dialog.getByRole("button", { name: "জমা দিন" }));
    expect(await dialog.findByText("পূর্ণ নাম আবশ্যক")).toBeTruthy();
    expect(dialog.getByText("পাসপোর্ট নম্বর আবশ্যক")).toBeTruthy();
    expect(dialog.queryByText("Full Name is required")).toBeNull();
  });

  it("reviews after a Bengali confirmation and says so in Bengali (§8)", async () => {
    const calls = stubLists([fakePassport(2, { isSuperAdminApproved: "PENDING" })], () => ({
      body: envelope(fakePassport(2, { isSuperAdminApproved: "REVIEWED" }), "Passport reviewed successfully"),
    }));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");
    await screen.findByText("Worker 2");
    const user = userEvent.setup();
    // The name starts with what the button shows (WCAG 2.5.3).
    await user.click(rowOf("Worker 2").getByRole("button", { name: "পর্যালোচনা করুন Worker 2" }));
    await user.click(await screen.findByRole("button", { name: "হ্যাঁ" }));
    expect(await screen.findByText("পাসপোর্ট সফলভাবে পর্যালোচিত হয়েছে")).toBeTruthy();
    expect(calls.some((c) => c.method === "put" && c.url === "/api/passport/2/review")).toBe(true);
    expect(rowOf("Worker 2").queryByText("Passport reviewed successfully")).toBeNull();
  });

  it("names the milestones in Bengali and says a milestone's change in Bengali", async () => {
    stubLists([fakePassport(5, { isVisaGranted: true, isVisaApplied: true })], () => ({
      body: envelope(fakePassport(5, { isVisaGranted: true, isVisaApplied: true, isWorkPermitApproved: true }), "Work Permit status updated"),
    }));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/work-permit");
    await screen.findByText("Worker 5");
    const row = rowOf("Worker 5");
    expect(row.getByRole("link", { name: "অবস্থা যাচাই করুন" })).toBeTruthy();
    expect(row.getByRole("button", { name: "সম্পন্ন হিসেবে চিহ্নিত করুন Worker 5" })).toBeTruthy();
    await userEvent.click(row.getByRole("switch", { name: "Worker 5-এর ওয়ার্ক পারমিট" }));
    expect(await screen.findByText("ওয়ার্ক পারমিট: অবস্থা আপডেট হয়েছে")).toBeTruthy();
    expect(screen.queryByText("Work Permit status updated")).toBeNull();
  });

  it("says a refused Mark as Done's known server reason in Bengali", async () => {
    const ready = {
      isWorkPermitApproved: true, isGadgetPublished: true, isVisaApplied: true, isVisaGranted: true, isBMETApproved: true, isFlightScheduled: true,
      visaIssueDate: "2026-01-15", visaExpireDate: "2027-01-14", flightScheduleDate: "2026-03-01T04:30:00.000Z",
    };
    stubLists([fakePassport(5, ready)], () => ({ status: 404, body: { ...failure("Passport not found"), errorCode: "passportNotFound" } }));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/work-permit");
    await screen.findByText("Worker 5");
    const user = userEvent.setup();
    await user.click(rowOf("Worker 5").getByRole("button", { name: "সম্পন্ন হিসেবে চিহ্নিত করুন Worker 5" }));
    expect(await screen.findByText("আপনি কি নিশ্চিত যে এই পাসপোর্টটি সম্পন্ন হিসেবে চিহ্নিত করতে চান?")).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "হ্যাঁ" }));
    expect(await screen.findByText("পাসপোর্টটি পাওয়া যায়নি")).toBeTruthy();
    expect(screen.queryByText("Passport not found")).toBeNull();
  });

  it("says every reason of the workflow rules in Bengali", () => {
    const states = [
      fakePassport(1),
      fakePassport(2, { isVisaApplied: true, isVisaGranted: true, isBMETApproved: true, isFlightScheduled: true, visaIssueDate: "2026-01-15", visaExpireDate: "2027-01-14", flightScheduleDate: "2026-03-01T04:30:00.000Z" }),
      fakePassport(3, { isVisaApplied: true, isVisaGranted: true, visaExpireDate: "2027-01-14" }),
    ];
    const reasons = states.flatMap((state) => [
      completeRefusal(state),
      ...MILESTONES.flatMap((m) => [milestoneRefusal(state, m.field, true), milestoneRefusal(state, m.field, false)]),
      ...DATE_UPDATES.flatMap((d) => [dateSetRefusal(state, d.field), dateRefusal(state, d.field, null), dateRefusal(state, d.field, "2026-01-01"), dateRefusal(state, d.field, "2028-01-01")]),
    ]).filter((reason): reason is string => reason !== undefined);
    expect(reasons.length).toBeGreaterThan(10);
    for (const reason of reasons) expect(refusalText(reason), reason).not.toMatch(/[A-Za-z0-9]/);
    expect(refusalText(milestoneRefusal(states[0], "isVisaGranted", true)!)).toBe("ভিসা মঞ্জুর: আগে ভিসার আবেদন সম্পন্ন হতে হবে");
  });
});

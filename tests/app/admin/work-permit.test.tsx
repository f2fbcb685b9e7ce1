import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Passport } from "../../../src/contract";
import { envelope, failure, locationSearch, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import { fakePassport } from "../support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const worker: Partial<Passport> = { visaIssueDate: "2026-01-15", visaExpireDate: "2027-01-14", visaRemainingDays: 300 };

/** One REVIEWED passport in a list of 31; once completed, the server lists it no more. */
function stubWorkPermit(onPut: (config: InternalAxiosRequestConfig) => Reply) {
  let completed = false;
  return stubApi((config) => {
    if (config.method === "put") {
      const reply = onPut(config);
      if (config.url!.endsWith("/complete-passport") && (reply.body as { success: boolean }).success) completed = true;
      return reply;
    }
    if (config.url === "/auth/get-all-agents") return { body: envelope([]) };
    return { body: envelope({ content: completed ? [] : [fakePassport(5, worker)], totalElements: completed ? 30 : 31 }) };
  });
}

async function openWorkPermit(query = "") {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp(`/dashboard/admin/work-permit${query}`);
  await screen.findByText("Worker 5");
  return within(screen.getByText("Worker 5").closest("tr") as HTMLElement);
}

const lastList = (calls: InternalAxiosRequestConfig[]) =>
  new URL(calls.filter((c) => c.method === "get" && c.url!.startsWith("/api/passport/filter")).at(-1)!.url!, "http://x");

describe("Work Permit Submission (spec §2, §7, §8)", () => {
  it("toggles a milestone with its own call, shows the server's message and refetches the same page and filters", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(fakePassport(5, { isVisaApplied: true }), "Visa applied status updated") }));
    const row = await openWorkPermit("?page=2&fullName=Worker");
    const before = calls.length;
    await userEvent.click(row.getByRole("switch", { name: "Visa Applied for Worker 5" }));
    expect(await screen.findByText("Visa applied status updated")).toBeTruthy();
    expect(calls.find((c) => c.method === "put")!.url).toBe("/api/passport/5/visa-applied-status/true");
    await waitFor(() => expect(calls.length).toBeGreaterThan(before + 1));
    expect(Object.fromEntries(lastList(calls).searchParams)).toMatchObject({ page: "1", fullName: "Worker" });
    expect(locationSearch().toString()).toBe("page=2&fullName=Worker");
  });

  it('says "Network or server error occurred!" when a milestone or date update fails', async () => {
    stubWorkPermit(() => ({ status: 500, body: failure("boom") }));
    const row = await openWorkPermit();
    await userEvent.click(row.getByRole("switch", { name: "BMET Approved for Worker 5" }));
    expect(await screen.findByText("Network or server error occurred!")).toBeTruthy();
    expect(screen.queryByText("boom")).toBeNull();
  });

  it("shows the dates in pickers that can be cleared (null is sent) and the remaining days read-only", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(fakePassport(5), "Visa issue date updated") }));
    const row = await openWorkPermit();
    const issue = row.getByLabelText("Visa Issue Date for Worker 5") as HTMLInputElement;
    expect(issue.value).toBe("2026-01-15");
    expect(row.getByText("300")).toBeTruthy();
    const clear = issue.closest(".ant-picker")!.querySelector(".ant-picker-clear") as HTMLElement;
    await userEvent.click(clear);
    expect(await screen.findByText("Visa issue date updated")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(put.url).toBe("/api/passport/5/update-visa-issue-date");
    expect(JSON.parse(put.data as string)).toEqual({ visaIssueDate: null });
  });

  async function markAsDone(reply: Reply) {
    stubWorkPermit(() => reply);
    const row = await openWorkPermit();
    const user = userEvent.setup();
    await user.click(row.getByRole("button", { name: "Mark as Done" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }));
  }

  it("marks as done after the confirmation; the row leaves the list", async () => {
    await markAsDone({ body: envelope(fakePassport(5, { isSuperAdminApproved: "COMPLETED" }), "Completed") });
    expect(await screen.findByText("Passport marked as complete!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Worker 5")).toBeNull());
  });

  it("shows the server's reason when completing is refused", async () => {
    await markAsDone({ status: 409, body: failure("Passport is PENDING, not REVIEWED") });
    expect(await screen.findByText("Passport is PENDING, not REVIEWED")).toBeTruthy();
    expect(screen.getByText("Worker 5")).toBeTruthy();
  });

  it('says "Failed to complete passport" when the server gives no reason', async () => {
    await markAsDone({ body: { success: false, replyMessage: null, message: null, errorMessage: null } });
    expect(await screen.findByText("Failed to complete passport")).toBeTruthy();
  });

  it("links the work permit column to the status-check page in a new tab", async () => {
    stubWorkPermit(() => ({ body: envelope(null) }));
    const row = await openWorkPermit();
    const link = row.getByRole("link", { name: "Check status" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.getAttribute("href")).toBe("https://www.bmet.gov.bd/");
  });
});

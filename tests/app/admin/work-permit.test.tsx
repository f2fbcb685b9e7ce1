import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from "axios";
import dayjs from "dayjs";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Passport } from "../../../src/contract";
import { http } from "../../../src/providers";
import { envelope, failure, locationSearch, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import { fakePassport } from "../support/passports";

const { STATUS_PAGE } = vi.hoisted(() => ({ STATUS_PAGE: "https://status.example.gov.bd/check" }));
vi.mock("../../../src/config", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../src/config")>()),
  WORK_PERMIT_STATUS_URL: STATUS_PAGE,
}));

// The page loads lazily; on a busy machine its first transform outlasts a find's wait.
beforeAll(async () => {
  await import("../../../src/pages/admin/work-permit/WorkPermitPage");
}, 120_000);

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

/** Visa granted and BMET cleared (the dates may be set), the other milestones Processing. */
const worker: Partial<Passport> = {
  isVisaGranted: true,
  isBMETApproved: true,
  visaIssueDate: "2026-01-15",
  visaExpireDate: "2027-01-14",
  visaRemainingDays: 300,
  flightScheduleDate: "2026-03-01T04:30:00.000Z",
};

/** Every milestone Done and every date set: ready for "Mark as Done". */
const ready: Partial<Passport> = {
  ...worker,
  isWorkPermitApproved: true,
  isGadgetPublished: true,
  isVisaApplied: true,
  isFlightScheduled: true,
};

/** One REVIEWED passport in a list of 31; once completed, the server lists it no more. */
function stubWorkPermit(onPut: (config: InternalAxiosRequestConfig) => Reply, passport: Partial<Passport> = worker) {
  let completed = false;
  return stubApi((config) => {
    if (config.method === "put") {
      const reply = onPut(config);
      if (config.url!.endsWith("/complete-passport") && (reply.body as { success: boolean }).success) completed = true;
      return reply;
    }
    if (config.url === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }, { id: 4, username: "agent2" }]) };
    return { body: envelope({ content: completed ? [] : [fakePassport(5, passport)], totalElements: completed ? 30 : 31 }) };
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
const firstPut = (calls: InternalAxiosRequestConfig[]) => new URL(calls.find((c) => c.method === "put")!.url!, "http://x");
const toasts = () => document.querySelectorAll(".ant-notification-notice");
const isOn = (element: HTMLElement) => element.getAttribute("aria-checked") === "true";

describe("Work Permit Submission (spec §2, §7, §8)", () => {
  it("toggles a milestone with its own call, shows the server's message and refetches the same page and filters", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(fakePassport(5, { isVisaApplied: true }), "Visa applied status updated") }));
    const row = await openWorkPermit("?page=2&fullName=Worker");
    const before = calls.length;
    await userEvent.click(row.getByRole("switch", { name: "Visa Applied for Worker 5" }));
    expect(await screen.findByText("Visa applied status updated")).toBeTruthy();
    expect(firstPut(calls).pathname).toBe("/api/passport/5/visa-applied-status/true");
    await waitFor(() => expect(calls.length).toBeGreaterThan(before + 1));
    expect(Object.fromEntries(lastList(calls).searchParams)).toMatchObject({ page: "1", fullName: "Worker" });
    expect(locationSearch().toString()).toBe("page=2&fullName=Worker");
  });

  it('says "Network or server error occurred!" when a milestone or date update fails', async () => {
    stubWorkPermit(() => ({ status: 500, body: failure("boom") }));
    const row = await openWorkPermit();
    await userEvent.click(row.getByRole("switch", { name: "Work Permit for Worker 5" }));
    expect(await screen.findByText("Network or server error occurred!")).toBeTruthy();
    expect(screen.queryByText("boom")).toBeNull();
  });

  it("shows the dates in pickers that can be cleared (null is sent) and the remaining days read-only", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(fakePassport(5), "Visa issue date updated") }));
    const row = await openWorkPermit();
    // Shown day first; sent as YYYY-MM-DD.
    expect((row.getByLabelText("Visa Issue Date for Worker 5") as HTMLInputElement).value).toBe("15/01/2026");
    const expiry = row.getByLabelText("Visa Expiry Date for Worker 5") as HTMLInputElement;
    expect(expiry.value).toBe("14/01/2027");
    expect(row.getByText("300")).toBeTruthy();
    const clear = expiry.closest(".ant-picker")!.querySelector(".ant-picker-clear") as HTMLElement;
    await userEvent.click(clear);
    expect(await screen.findByText("Visa issue date updated")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(firstPut(calls).pathname).toBe("/api/passport/5/update-visa-expire-date");
    expect(JSON.parse(put.data as string)).toEqual({ visaExpireDate: null });
  });

  async function markAsDone(reply: Reply) {
    stubWorkPermit(() => reply, ready);
    const row = await openWorkPermit();
    const user = userEvent.setup();
    await user.click(row.getByRole("button", { name: "Mark as Done Worker 5" }));
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

  it("links the work permit column to the configured status-check page in a new tab", async () => {
    stubWorkPermit(() => ({ body: envelope(null) }));
    const row = await openWorkPermit();
    const link = row.getByRole("link", { name: "Check status" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.getAttribute("href")).toBe(STATUS_PAGE);
  });
  it("sends the list's page (zero-based), size and filters with milestone and date updates", async () => {
    const calls = stubWorkPermit((config) => ({ body: envelope(fakePassport(5), config.url!.includes("date") ? "Date updated" : "Updated") }));
    const row = await openWorkPermit("?page=2&size=20&fullName=Worker&visaType=WORKVISA&agentId=3");
    await userEvent.click(row.getByRole("switch", { name: "Gadget Published for Worker 5" }));
    await screen.findByText("Updated");
    const clear = (row.getByLabelText("Visa Expiry Date for Worker 5") as HTMLElement).closest(".ant-picker")!.querySelector(".ant-picker-clear");
    await userEvent.click(clear as HTMLElement);
    await screen.findByText("Date updated");
    const puts = calls.filter((c) => c.method === "put").map((c) => new URL(c.url!, "http://x"));
    expect(puts.map((url) => url.pathname)).toEqual(["/api/passport/5/gadget-publication-status/true", "/api/passport/5/update-visa-expire-date"]);
    for (const url of puts) {
      expect(Object.fromEntries(url.searchParams)).toEqual({ page: "1", size: "20", fullName: "Worker", visaType: "WORKVISA", agentId: "3" });
    }
  });

  it('reads "Processing" in red when off and "Done" in green when on, like the progress flags', async () => {
    stubApi((config) =>
      config.url === "/auth/get-all-agents"
        ? { body: envelope([]) }
        : { body: envelope({ content: [fakePassport(5, { isVisaGranted: true })], totalElements: 1 }) },
    );
    const row = await openWorkPermit();
    const off = row.getByRole("switch", { name: "Visa Applied for Worker 5" });
    const on = row.getByRole("switch", { name: "Visa Granted for Worker 5" });
    // The word is beside the switch (not inside, so the switch's name matches what is seen), in the
    // Done and Processing tags' colours; the switches are the same green and red, at WCAG AA.
    const wordBeside = (element: HTMLElement) => element.closest(".ant-space")!.querySelector(".ant-tag")!;
    expect([isOn(off), wordBeside(off).textContent, wordBeside(off).className]).toEqual([false, "Processing", expect.stringContaining("ant-tag-red")]);
    expect([isOn(on), wordBeside(on).textContent, wordBeside(on).className]).toEqual([true, "Done", expect.stringContaining("ant-tag-green")]);
    expect(off.textContent).toBe("");
    expect(off.style.backgroundColor).toBe("rgb(207, 19, 34)");
    expect(on.style.backgroundColor).toBe("rgb(35, 120, 4)");
  });

  it("keeps a toggled flag on while the list is refetched, until the list brings the server's value", async () => {
    let applied = false;
    const calls = stubApi((config) => {
      if (config.method === "put") {
        applied = true;
        return { body: envelope(fakePassport(5, { isVisaApplied: true }), "Visa applied status updated") };
      }
      if (config.url === "/auth/get-all-agents") return { body: envelope([]) };
      return { body: envelope({ content: [fakePassport(5, { isVisaApplied: applied })], totalElements: 1 }) };
    });
    // Hold the refetch after the update, to look at the switch meanwhile.
    const stub = http.defaults.adapter as AxiosAdapter;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let refetches = 0;
    http.defaults.adapter = async (config) => {
      if (!applied || config.method !== "get") return stub(config);
      refetches++;
      await held;
      return stub(config);
    };
    const row = await openWorkPermit();
    const visaApplied = () => row.getByRole("switch", { name: "Visa Applied for Worker 5" });
    await userEvent.click(visaApplied());
    await screen.findByText("Visa applied status updated");
    await waitFor(() => expect(refetches).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isOn(visaApplied())).toBe(true);
    release();
    await waitFor(() => expect(document.querySelector(".ant-table-wrapper .ant-spin-spinning")).toBeNull());
    expect(isOn(visaApplied())).toBe(true);
    expect(calls.filter((c) => c.method === "put")).toHaveLength(1);
  });

  it("puts a toggled flag and a changed date back when the update fails", async () => {
    stubWorkPermit(() => ({ status: 500, body: failure("boom") }));
    const row = await openWorkPermit();
    const toggle = row.getByRole("switch", { name: "Flight Scheduled for Worker 5" });
    await userEvent.click(toggle);
    await screen.findByText("Network or server error occurred!");
    await waitFor(() => expect(isOn(row.getByRole("switch", { name: "Flight Scheduled for Worker 5" }))).toBe(false));

    const expiry = row.getByLabelText("Visa Expiry Date for Worker 5") as HTMLInputElement;
    await userEvent.click(expiry.closest(".ant-picker")!.querySelector(".ant-picker-clear") as HTMLElement);
    await waitFor(() => expect((row.getByLabelText("Visa Expiry Date for Worker 5") as HTMLInputElement).value).toBe("14/01/2027"));
  });

  it("shows the server's replyMessage when it is text, rather than message", async () => {
    stubWorkPermit(() => ({ body: { success: true, replyMessage: "Work permit approved", message: "Updated", errorMessage: null } }));
    const row = await openWorkPermit();
    await userEvent.click(row.getByRole("switch", { name: "Work Permit for Worker 5" }));
    expect(await screen.findByText("Work permit approved")).toBeTruthy();
    expect(screen.queryByText("Updated")).toBeNull();
  });

  it("treats a 200 reply with success: false as a failure", async () => {
    stubWorkPermit(() => ({ body: { success: false, replyMessage: null, message: "Visa applied status updated", errorMessage: "Not allowed" } }));
    const row = await openWorkPermit();
    await userEvent.click(row.getByRole("switch", { name: "Visa Applied for Worker 5" }));
    expect(await screen.findByText("Network or server error occurred!")).toBeTruthy();
    expect(screen.queryByText("Visa applied status updated")).toBeNull();
    await waitFor(() => expect(isOn(row.getByRole("switch", { name: "Visa Applied for Worker 5" }))).toBe(false));
  });

  it("says nothing when the update is cancelled, and shows the listed value again", async () => {
    const calls = stubWorkPermit((config) => {
      throw new AxiosError("Request aborted", AxiosError.ECONNABORTED, config);
    });
    const row = await openWorkPermit();
    await userEvent.click(row.getByRole("switch", { name: "Gadget Published for Worker 5" }));
    await waitFor(() => expect(calls.some((c) => c.method === "put")).toBe(true));
    await waitFor(() => expect(isOn(row.getByRole("switch", { name: "Gadget Published for Worker 5" }))).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toasts()).toHaveLength(0);
  });

  it('says "Network or server error occurred!" when Mark as Done gets no reply, and keeps the row', async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubWorkPermit(() => {
      throw new Error("socket hang up");
    }, ready);
    const row = await openWorkPermit();
    const user = userEvent.setup();
    await user.click(row.getByRole("button", { name: "Mark as Done Worker 5" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Network or server error occurred!")).toBeTruthy();
    expect(screen.queryByText("Passport marked as complete!")).toBeNull();
    expect(screen.getByText("Worker 5")).toBeTruthy();
  });

  it("clears the flight date and time: flightScheduleDate null is sent", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(fakePassport(5), "Flight schedule date updated") }));
    const row = await openWorkPermit();
    const flight = row.getByLabelText("Flight Schedule Date for Worker 5") as HTMLInputElement;
    expect(flight.value).toBe(dayjs("2026-03-01T04:30:00.000Z").format("DD/MM/YYYY HH:mm"));
    await userEvent.click(flight.closest(".ant-picker")!.querySelector(".ant-picker-clear") as HTMLElement);
    expect(await screen.findByText("Flight schedule date updated")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(firstPut(calls).pathname).toBe("/api/passport/5/update-flight-schedule-date");
    expect(JSON.parse(put.data as string)).toEqual({ flightScheduleDate: null });
  });

  it("the agent dropdown switches to the agent-specific endpoint for REVIEWED passports, and Clear Agent back", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(null) }));
    await openWorkPermit();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Agent" }));
    await user.click(await screen.findByTitle("agent2"));
    const lastListCall = () => new URL(calls.filter((c) => c.method === "get" && c.url!.startsWith("/api/passport/")).at(-1)!.url!, "http://x");
    await waitFor(() => expect(lastListCall().pathname).toBe("/api/passport/filter-agent-specific-passports/4"));
    expect(lastListCall().searchParams.get("isSuperAdminApproved")).toBe("REVIEWED");
    expect(locationSearch().get("agentId")).toBe("4");

    await user.click(screen.getByRole("button", { name: "Clear Agent" }));
    await waitFor(() => expect(lastListCall().pathname).toBe("/api/passport/filter"));
    expect(locationSearch().get("agentId")).toBeNull();
  });
  it("offers only what the workflow rules allow: disabled, with the reason on hover, before any call", async () => {
    const calls = stubWorkPermit(() => ({ body: envelope(null) }), { isVisaApplied: false });
    const row = await openWorkPermit();
    const user = userEvent.setup();
    const markAsDone = row.getByRole("button", { name: "Mark as Done Worker 5" }) as HTMLButtonElement;
    expect(markAsDone.disabled).toBe(true);
    await user.hover(markAsDone.parentElement!);
    expect((await screen.findByRole("tooltip")).textContent).toBe(
      "Mark as Done needs every milestone Done and the visa and flight dates set; missing: Work Permit, Gadget Published, Visa Applied, Visa Granted, BMET Approved, Flight Scheduled, the visa issue date, the visa expiry date, the flight date",
    );
    const granted = row.getByRole("switch", { name: "Visa Granted for Worker 5" }) as HTMLButtonElement;
    expect(granted.disabled).toBe(true);
    expect(granted.parentElement!.getAttribute("aria-description")).toBe("Visa Granted needs Visa Applied to be Done first");
    expect((row.getByLabelText("Visa Issue Date for Worker 5") as HTMLInputElement).disabled).toBe(true);
    expect((row.getByRole("switch", { name: "Visa Applied for Worker 5" }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(granted);
    expect(calls.filter((c) => c.method === "put")).toHaveLength(0);
  });
});

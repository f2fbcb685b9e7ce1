/**
 * Issue 29, live lists: someone else's change reaches the list on screen without a reload. Rows that
 * change update where they are, a row that left fades and goes, new rows wait behind a notice.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AxiosAdapter } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Passport, PassportOverview } from "../../src/contract";
import { changeLanguage } from "../../src/i18n/i18n";
import { http } from "../../src/providers";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";
import { fakePassport } from "./support/passports";
import { stubEventStream } from "./support/live-server";
import { declaredReplies, EMPLOYERS, urlOf } from "./support/declared";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The Pending list as the server has it now: the test changes `pending` as another admin would. */
function stubPendingServer(initial: Passport[]) {
  const server = { pending: initial, overviewPending: initial.length };
  const calls = stubApi((config) => {
    const path = new URL(config.url!, "http://x").pathname;
    if (path === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }]) };
    if (path === "/api/passport/overview") return { body: envelope(overviewWith(server.overviewPending)) };
    return { body: envelope({ content: server.pending, totalElements: server.pending.length }) };
  });
  const listCalls = () => calls.filter((c) => new URL(c.url!, "http://x").pathname === "/api/passport/filter").length;
  return { server, listCalls };
}

function overviewWith(pending: number): PassportOverview {
  const none = { byStatus: {}, total: 0 };
  return {
    today: "2026-11-23",
    agentId: null,
    byStatus: { PENDING: pending, REVIEWED: 7, COMPLETED: 0, APPROVED: 0, REJECTED: 0 },
    reviewedMilestones: { isWorkPermitApproved: 0, isGadgetPublished: 0, isVisaApplied: 0, isVisaGranted: 0, isBMETApproved: 0, isFlightScheduled: 0 },
    decidedThisMonth: { approved: 0, rejected: 0, filter: { statusChangedFrom: "2026-11-01" } },
    attention: {
      visaExpiring: { ...none, filter: { visaExpireTo: "2026-12-23" } },
      passportExpiring: { ...none, filter: { passportExpireTo: "2027-05-23" } },
      flightsSoon: { ...none, filter: { flightFrom: "2026-11-23", flightTo: "2026-11-30" } },
      waitingLong: { ...none, filter: { statusChangedTo: "2026-11-08" } },
    },
  };
}

const pendingPassport = (n: number, overrides: Partial<Passport> = {}) => fakePassport(n, { isSuperAdminApproved: "PENDING", ...overrides });
/** The names in the table's rows, top to bottom. */
const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).queryAllByRole("cell")[1]?.textContent ?? "");

async function openPending() {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/pending");
  await screen.findByText("Worker 3");
}

describe("live lists (issue 29)", () => {
  it("updates a changed row in place, fades out a row that left, and holds a new one behind a notice until 'show'", async () => {
    const events = stubEventStream();
    const { server, listCalls } = stubPendingServer([1, 2, 3].map((n) => pendingPassport(n)));
    await openPending();
    const stream = await events.open();
    expect(stream.headers.Authorization).toMatch(/^Bearer /);
    expect(names()).toEqual(["Worker 1", "Worker 2", "Worker 3"]);
    const fetchedBefore = listCalls();

    // Another admin renames 2, reviews 3 (it leaves Pending), an agent adds 9 (newest first).
    server.pending = [pendingPassport(9), pendingPassport(1), pendingPassport(2, { fullName: "Worker 2 Renamed" })];
    await events.change("passports", "updated", [2]);
    await events.change("passports", "updated", [3]);
    await events.change("passports", "created", [9]);

    expect(await screen.findByText("Worker 2 Renamed", {}, { timeout: 2000 })).toBeTruthy();
    // 3 fades where it was; 9 is not drawn; 2 stayed second.
    expect(names()).toEqual(["Worker 1", "Worker 2 Renamed", "Worker 3"]);
    expect(screen.getByText("Worker 3").closest("tr")!.className).toContain("live-row-leaving");
    expect(screen.queryByText("Worker 9")).toBeNull();
    const notice = screen.getByRole("status");
    expect(notice.textContent).toBe("1 new passport: show");
    await waitFor(() => expect(screen.queryByText("Worker 3")).toBeNull());
    expect(names()).toEqual(["Worker 1", "Worker 2 Renamed"]);
    expect(screen.getByText("Showing 1–2 of 2 items")).toBeTruthy();
    expect(listCalls()).toBe(fetchedBefore + 1);

    await userEvent.click(within(notice).getByRole("button", { name: "show" }));
    expect(names()).toEqual(["Worker 9", "Worker 1", "Worker 2 Renamed"]);
    expect(screen.getByRole("status").textContent).toBe("");
    // Focus goes to the first new row rather than to the page's top.
    expect(screen.getByText("Worker 9").closest("tr")!.contains(document.activeElement)).toBe(true);
  });

  it("keeps a focused control of a row that leaves from dropping focus: it moves to the next row", async () => {
    const events = stubEventStream();
    const { server } = stubPendingServer([1, 2, 3].map((n) => pendingPassport(n)));
    await openPending();
    const review = within(screen.getByText("Worker 2").closest("tr")!).getByRole("button", { name: "Review Worker 2" });
    review.focus();
    server.pending = [pendingPassport(1), pendingPassport(3)];
    await events.change("passports", "updated", [2]);
    await waitFor(() => expect(screen.queryByText("Worker 2")).toBeNull());
    expect(screen.getByText("Worker 3").closest("tr")!.contains(document.activeElement)).toBe(true);
  });

  it("refetches what it shows after the stream is reopened, and counts a new passport in Bengali", async () => {
    const events = stubEventStream();
    const { server, listCalls } = stubPendingServer([1, 2].map((n) => pendingPassport(n)));
    await changeLanguage("bn");
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");
    await screen.findByText("Worker 2");
    await events.open();
    const fetchedBefore = listCalls();
    server.pending = [pendingPassport(5), pendingPassport(6), pendingPassport(1), pendingPassport(2)];
    await events.end();
    await waitFor(() => expect(events.streams).toHaveLength(2), { timeout: 3000 });
    expect(events.streams[1].headers["Last-Event-ID"]).toBeUndefined();
    await waitFor(() => expect(listCalls()).toBe(fetchedBefore + 1));
    expect((await screen.findByRole("button", { name: "দেখুন" })).closest("[role=status]")!.textContent).toBe("২টি নতুন পাসপোর্ট: দেখুন");
  });

  it("refetches the Overview's and the menu's counts on a passport event", async () => {
    const events = stubEventStream();
    const { server } = stubPendingServer([1, 2, 3, 4].map((n) => pendingPassport(n)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/overview");
    const menu = await screen.findByRole("navigation", { name: "Main menu" });
    await waitFor(() => expect(within(menu).getByRole("link", { name: "Pending" }).getAttribute("title")).toBe("Pending: 4 passports"));
    await events.open();
    server.overviewPending = 3;
    await events.change("passports", "updated", [4]);
    await waitFor(() => expect(within(menu).getByRole("link", { name: "Pending" }).getAttribute("title")).toBe("Pending: 3 passports"), { timeout: 2000 });
  });

  it("makes the user list live: 'N new users: show'", async () => {
    const events = stubEventStream();
    const user = (id: number, username: string) => ({ id, username, contactNumber: "01712345678", email: `${username}@example.com`, address: "", roles: [{ name: "AGENT" }] });
    let users = [user(12, "rahim"), user(13, "karim")];
    stubApi(() => ({ body: envelope({ content: users, totalElements: users.length }) }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/user-list");
    await screen.findByText("karim");
    await events.open();
    users = [user(12, "rahim"), user(13, "karim"), user(14, "salma"), user(15, "nasrin")];
    await events.change("users", "created", [14, 15]);
    const show = await screen.findByRole("button", { name: "show" }, { timeout: 2000 });
    expect(show.closest("[role=status]")!.textContent).toBe("2 new users: show");
    expect(screen.queryByText("salma")).toBeNull();
    await userEvent.click(show);
    expect(screen.getByText("salma")).toBeTruthy();
    expect(screen.getByText("nasrin")).toBeTruthy();
  });

  it("makes every declared list live: a deleted record fades and goes, a new one waits behind 'N new employers: show'", async () => {
    const events = stubEventStream();
    let employers = [...EMPLOYERS];
    stubApi(
      declaredReplies((config) =>
        urlOf(config).path === "/api/employers" && config.method === "get" && !urlOf(config).query.has("id")
          ? { body: employers, headers: { "x-total-count": String(employers.length) } }
          : undefined,
      ),
    );
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    await screen.findByRole("link", { name: "Doha Works" });
    await events.open();
    employers = [{ ...EMPLOYERS[1], country: "Qatar (Doha)" }, { ...EMPLOYERS[0], id: 5, name: "Riyadh Steel" }];
    await events.change("employers", "deleted", [1]);
    await events.change("employers", "updated", [2]);
    await events.change("employers", "created", [5]);
    expect(await screen.findByText("Qatar (Doha)", {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Gulf Builders" }).closest("tr")!.className).toContain("live-row-leaving");
    expect(screen.getByRole("status").textContent).toBe("1 new employer: show");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Gulf Builders" })).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "show" }));
    expect(screen.getByRole("link", { name: "Riyadh Steel" })).toBeTruthy();
  });

  it("shows another user's change on a declared record's page, and ignores other records' events", async () => {
    const events = stubEventStream();
    let doha = { ...EMPLOYERS[1] };
    const calls = stubApi(declaredReplies((config) => (urlOf(config).path === "/api/employers/2" && config.method === "get" ? { body: doha } : undefined)));
    const reads = () => calls.filter((c) => urlOf(c).path === "/api/employers/2").length;
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers/2");
    expect(await screen.findByRole("heading", { name: "Doha Works" })).toBeTruthy();
    await events.open();
    const readsBefore = reads();
    await events.change("employers", "updated", [1]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads()).toBe(readsBefore);
    doha = { ...doha, name: "Doha Works Group" };
    await events.change("employers", "updated", [2]);
    expect(await screen.findByRole("heading", { name: "Doha Works Group" }, { timeout: 2000 })).toBeTruthy();
  });

  it("shows no notice for the user's own new record, even when its event comes before the reply", async () => {
    const events = stubEventStream();
    let employers = [...EMPLOYERS];
    stubApi(
      declaredReplies((config) => {
        if (urlOf(config).path !== "/api/employers") return undefined;
        if (config.method === "post") return { status: 201, body: { id: 5, ...JSON.parse(config.data as string) } };
        if (config.method === "get" && !urlOf(config).query.has("id")) return { body: employers, headers: { "x-total-count": String(employers.length) } };
        return undefined;
      }),
    );
    // The server commits, its event goes out, and the reply takes a while to arrive.
    const answer = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (config.method === "post") {
        employers = [{ ...EMPLOYERS[0], id: 5, name: "Riyadh Steel" }, ...EMPLOYERS];
        await events.change("employers", "created", [5]);
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      return answer(config);
    };
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/employers");
    const user = userEvent.setup();
    await screen.findByRole("link", { name: "Doha Works" });
    await events.open();
    const notices: string[] = [];
    const watch = setInterval(() => notices.push(screen.getByRole("status").textContent ?? ""), 20);

    await user.click(screen.getByRole("button", { name: /Create Employer/ }));
    const dialog = await screen.findByRole("dialog", { name: "Create Employer" });
    await user.type(within(dialog).getByLabelText("Name"), "Riyadh Steel");
    await user.type(within(dialog).getByLabelText("Country"), "Saudi Arabia");
    await user.type(within(dialog).getByLabelText("Licence No"), "LIC-9");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("link", { name: "Riyadh Steel" }, { timeout: 8000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 800));
    clearInterval(watch);
    expect(notices.filter((text) => text !== "")).toEqual([]);
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessControlProvider } from "../../../src/providers";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import type { Passport } from "../../../src/contract";
import { holdListReplies } from "../support/hold-replies";
import { fakePassport } from "../support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

/**
 * The admin Pending list of three passports; `onPut` answers workflow calls. A passport the server
 * reviewed or rejected no longer appears in later list replies, as on the real server.
 */
function stubPending(onPut: (config: InternalAxiosRequestConfig) => Reply, overrides: Record<number, Partial<Passport>> = {}) {
  const gone = new Set<number>();
  const calls = stubApi((config) => {
    const path = new URL(config.url!, "http://x").pathname;
    if (config.method === "put") {
      const reply = onPut(config);
      const id = Number(path.split("/")[3]);
      if ((reply.status ?? 200) < 400 && (reply.body as { success: boolean }).success && !path.endsWith("comment-by-admin")) gone.add(id);
      return reply;
    }
    if (path === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }]) };
    const content = [1, 2, 3].filter((id) => !gone.has(id)).map((id) => fakePassport(id, { isSuperAdminApproved: "PENDING", ...overrides[id] }));
    return { body: envelope({ content, totalElements: content.length }) };
  });
  return calls;
}

async function openPending() {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/pending");
  return screen.findByText("Worker 2");
}

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

async function confirmAction(button: string, name = "Worker 2") {
  const user = userEvent.setup();
  await user.click(within(rowOf(name)).getByRole("button", { name: `${button} ${name}` }));
  await user.click(await screen.findByRole("button", { name: "Yes" }));
}

describe("admin Pending (spec §2, §4, §8)", () => {
  it("shows the §2 columns in order, with the attachments link, status, actions and comment", async () => {
    stubPending(() => ({ body: envelope(null) }));
    await openPending();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual([
      "SL", "Full Name", "Passport No", "Father's Name", "Mother's Name", "Passport Issue Date", "Passport Expire Date",
      "Date of Birth", "Age", "Schooling", "Marital Status", "Phone", "Agent Name", "Slot", "Visa Type", "Status",
      // The row's actions sit together at the right, where they stay in view (issue 15).
      "Attachments", "Action", "Comment",
    ]);
    const row = within(rowOf("Worker 2"));
    expect(row.getByRole("button", { name: "View Attachments" })).toBeTruthy();
    expect(row.getByText("PENDING")).toBeTruthy();
    expect(row.getByText("Write a comment")).toBeTruthy();
  });

  it("reviews after the confirmation, says so, and the row leaves the list", async () => {
    const calls = stubPending(() => ({ body: envelope(fakePassport(2, { isSuperAdminApproved: "REVIEWED" }), "Passport reviewed successfully") }));
    await openPending();
    await confirmAction("Review");
    expect(await screen.findByText("Passport reviewed successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Worker 2")).toBeNull());
    expect(screen.getByText("Worker 1")).toBeTruthy();
    expect(calls.some((c) => c.method === "put" && c.url === "/api/passport/2/review")).toBe(true);
  });

  it("shows the server's reason when a review is refused, and keeps the row", async () => {
    stubPending(() => ({ status: 409, body: failure("Passport is REVIEWED, not PENDING") }));
    await openPending();
    await confirmAction("Review");
    expect(await screen.findByText("Passport is REVIEWED, not PENDING")).toBeTruthy();
    expect(screen.getByText("Worker 2")).toBeTruthy();
  });

  it('says "An error occurred while reviewing the passport" when the call never got a reply', async () => {
    stubPending(() => {
      throw new Error("socket hang up");
    });
    await openPending();
    await confirmAction("Review");
    expect(await screen.findByText("An error occurred while reviewing the passport")).toBeTruthy();
  });

  it("rejects after the confirmation; a refused reject reads \"Failed to Reject passport\"", async () => {
    let refuse = true;
    stubPending(() => (refuse ? { status: 409, body: failure("Passport is REJECTED") } : { body: envelope(fakePassport(2), "ok") }));
    await openPending();
    await confirmAction("Reject");
    expect(await screen.findByText("Failed to Reject passport")).toBeTruthy();
    expect(screen.getByText("Worker 2")).toBeTruthy();
    refuse = false;
    await confirmAction("Reject", "Worker 3");
    expect(await screen.findByText("Passport Rejected successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Worker 3")).toBeNull());
  });

  it("drops a reviewed row at once, while the refetched list is still on its way", async () => {
    stubPending(() => ({ body: envelope(fakePassport(2, { isSuperAdminApproved: "REVIEWED" }), "ok") }));
    const lists = holdListReplies();
    await openPending();
    lists.hold();
    await confirmAction("Review");
    expect(await screen.findByText("Passport reviewed successfully")).toBeTruthy();
    await waitFor(() => expect(lists.held()).toBeGreaterThan(0));
    expect(screen.queryByText("Worker 2")).toBeNull();
    expect(screen.getByText("Worker 1")).toBeTruthy();
    expect(screen.getByText("Showing 1–2 of 2 items")).toBeTruthy();
    lists.release();
    await waitFor(() => expect(screen.getByText("Worker 3")).toBeTruthy());
    expect(screen.queryByText("Worker 2")).toBeNull();
  });

  it("drops a rejected row at once too", async () => {
    stubPending(() => ({ body: envelope(fakePassport(3, { isSuperAdminApproved: "REJECTED" }), "ok") }));
    const lists = holdListReplies();
    await openPending();
    lists.hold();
    await confirmAction("Reject", "Worker 3");
    expect(await screen.findByText("Passport Rejected successfully")).toBeTruthy();
    await waitFor(() => expect(lists.held()).toBeGreaterThan(0));
    expect(screen.queryByText("Worker 3")).toBeNull();
    lists.release();
  });

  it('falls back to "Failed to review passport" when a refusal carries no reason', async () => {
    stubPending(() => ({ status: 409, body: { success: false, replyMessage: null, message: null, errorMessage: null } }));
    await openPending();
    await confirmAction("Review");
    expect(await screen.findByText("Failed to review passport")).toBeTruthy();
    expect(screen.getByText("Worker 2")).toBeTruthy();
  });

  it("treats a 200 reply with success: false as a refusal, with the server's reason for review", async () => {
    stubPending(() => ({ body: failure("Passport was already reviewed") }));
    await openPending();
    await confirmAction("Review");
    expect(await screen.findByText("Passport was already reviewed")).toBeTruthy();
    await confirmAction("Reject");
    expect(await screen.findByText("Failed to Reject passport")).toBeTruthy();
    expect(screen.getByText("Worker 2")).toBeTruthy();
  });

  it('says "An error occurred while rejecting the passport" when the reject got no reply', async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubPending(() => {
      throw new Error("socket hang up");
    });
    await openPending();
    await confirmAction("Reject");
    expect(await screen.findByText("An error occurred while rejecting the passport")).toBeTruthy();
    expect(screen.getByText("Worker 2")).toBeTruthy();
  });

  it("does nothing when the confirmation is declined", async () => {
    const calls = stubPending(() => ({ body: envelope(null) }));
    await openPending();
    const user = userEvent.setup();
    await user.click(within(rowOf("Worker 2")).getByRole("button", { name: "Review Worker 2" }));
    await user.click(await screen.findByRole("button", { name: "No" }));
    expect(calls.some((c) => c.method === "put")).toBe(false);
  });

  it("edits the admin comment in the Comment dialog", async () => {
    const calls = stubPending(() => ({ body: envelope(fakePassport(2, { commentByAdmin: "Call the agent" }), "Comment saved") }));
    await openPending();
    const user = userEvent.setup();
    await user.click(within(rowOf("Worker 2")).getByRole("button", { name: "Write a comment on Worker 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Comment" });
    await user.type(within(dialog).getByPlaceholderText("Write comment here"), "  Call the agent ");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Comment added successfully")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(put.url).toBe("/api/passport/2/comment-by-admin");
    expect(JSON.parse(put.data as string)).toEqual({ commentByAdmin: "Call the agent" });
  });

  it("shows a small spinner in the comment cell, not --- or Write a comment, until access control has answered", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const can = accessControlProvider.can;
    vi.spyOn(accessControlProvider, "can").mockImplementation(async (params) => {
      if (params.action === "comment") await answered;
      return can(params);
    });
    stubPending(() => ({ body: envelope(null) }));
    await openPending();
    const row = within(rowOf("Worker 2"));
    const comment = within(row.getAllByRole("cell").at(-1)!);
    expect(comment.getByLabelText("Checking access")).toBeTruthy();
    expect(comment.queryByText("---")).toBeNull();
    expect(comment.queryByText("Write a comment")).toBeNull();
    answer();
    expect(await comment.findByText("Write a comment")).toBeTruthy();
    expect(comment.queryByLabelText("Checking access")).toBeNull();
  });
});

const listUrl = (calls: InternalAxiosRequestConfig[]) =>
  new URL(calls.filter((c) => c.method === "get" && c.url!.startsWith("/api/passport/")).at(-1)!.url!, "http://x");

describe("admin Pending: shared table features (spec §2)", () => {
  it("the Agent Name and Slot header searches send agentName and slot", async () => {
    const calls = stubPending(() => ({ body: envelope(null) }));
    await openPending();
    const user = userEvent.setup();
    await user.click(screen.getAllByLabelText("Filter Agent Name")[0]);
    await user.type(await screen.findByLabelText("Search Agent Name"), "agent2");
    await user.click(screen.getByRole("button", { name: /Search/ }));
    await waitFor(() => expect(listUrl(calls).searchParams.get("agentName")).toBe("agent2"), { timeout: 3000 });
    expect(screen.getByText("Agent Name: agent2")).toBeTruthy();

    await user.click(screen.getAllByLabelText("Filter Slot")[0]);
    const slot = await screen.findByLabelText("Search Slot");
    await user.type(slot, "SLOT-2026-07");
    await user.click(within(slot.closest(".ant-table-filter-dropdown") as HTMLElement).getByRole("button", { name: /Search/ }));
    await waitFor(() => expect(listUrl(calls).searchParams.get("slot")).toBe("SLOT-2026-07"), { timeout: 3000 });
    expect(listUrl(calls).pathname).toBe("/api/passport/filter");
    expect(Object.fromEntries(listUrl(calls).searchParams)).toEqual({
      isSuperAdminApproved: "PENDING",
      agentName: "agent2",
      slot: "SLOT-2026-07",
      page: "0",
      size: "10",
    });
    expect(screen.getByText("Slot: SLOT-2026-07")).toBeTruthy();
  });

  it("the agent dropdown switches to the agent-specific endpoint, and Clear Agent back", async () => {
    const calls = stubPending(() => ({ body: envelope(null) }));
    await openPending();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Agent" }));
    await user.click(await screen.findByTitle("agent"));
    await waitFor(() => expect(listUrl(calls).pathname).toBe("/api/passport/filter-agent-specific-passports/3"));
    expect(listUrl(calls).searchParams.get("isSuperAdminApproved")).toBe("PENDING");

    await user.click(screen.getByRole("button", { name: "Clear Agent" }));
    await waitFor(() => expect(listUrl(calls).pathname).toBe("/api/passport/filter"));
    expect(listUrl(calls).searchParams.get("isSuperAdminApproved")).toBe("PENDING");
  });

  it("is as wide as its columns and scrolls sideways, serial and name pinned left, actions and comment right", async () => {
    stubPending(() => ({ body: envelope(null) }));
    await openPending();
    const table = rowOf("Worker 2").closest("table")!;
    expect(table.style.width).toBe("max-content");
    expect(table.style.minWidth).toBe("100%");
    expect((table.parentElement as HTMLElement).style.overflowX).toBe("auto");
    const cells = within(rowOf("Worker 2")).getAllByRole("cell");
    const pinned = (side: "left" | "right") => cells.filter((td) => td.classList.contains(`ant-table-cell-fix-${side}`)).map((td) => td.textContent);
    expect(pinned("left")).toEqual([expect.stringMatching(/^\d+$/), "Worker 2"]);
    expect(pinned("right")).toEqual(["View Attachments", "ReviewReject", "Write a comment"]);
  });

  it('shows "---" in the cell of a missing date', async () => {
    stubPending(() => ({ body: envelope(null) }), { 2: { passportIssueDate: null, dob: "" } as unknown as Partial<Passport> });
    await openPending();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent?.trim()).filter(Boolean);
    const cells = within(rowOf("Worker 2")).getAllByRole("cell");
    const cell = (title: string) => cells[headers.indexOf(title)].textContent;
    expect(cell("Passport Issue Date")).toBe("---");
    expect(cell("Date of Birth")).toBe("---");
    expect(cell("Passport Expire Date")).toBe("09/01/2032");
  });
});

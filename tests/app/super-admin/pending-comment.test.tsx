import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessControlProvider } from "../../../src/providers";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import { fakePassport } from "../support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
  signInAs(1, "superadmin", ["SUPER_ADMIN"]);
});
afterEach(resetSession);

const url = (config: InternalAxiosRequestConfig) => config.url ?? "";

function reviewedList(comment: (config: InternalAxiosRequestConfig) => Reply) {
  const rows = [fakePassport(1), fakePassport(2, { commentBySuperAdmin: "Check the visa papers" })];
  return stubApi((config) => {
    if (config.method === "put") {
      const reply = comment(config);
      if ((reply.status ?? 200) < 300) rows[0] = { ...rows[0], commentBySuperAdmin: JSON.parse(config.data).commentBySuperAdmin };
      return reply;
    }
    if (url(config).startsWith("/api/passport/filter?")) return { body: envelope({ content: [...rows], totalElements: rows.length }) };
    return { body: envelope([]) };
  });
}

const ROW_PX = 20;

/**
 * jsdom lays nothing out; antd's autosize textarea measures rows through scrollHeight. This makes every
 * textarea report ROW_PX per line of its value plus its padding, as a browser would. Returns the undo.
 */
function layOutTextareas(): () => void {
  Object.defineProperty(HTMLTextAreaElement.prototype, "scrollHeight", {
    configurable: true,
    get(this: HTMLTextAreaElement) {
      // antd pads a textarea equally top and bottom; jsdom misreads the bottom of antd's hidden measuring copy.
      return ROW_PX * this.value.split("\n").length + 2 * parseFloat(getComputedStyle(this).paddingTop);
    },
  });
  return () => void Reflect.deleteProperty(HTMLTextAreaElement.prototype, "scrollHeight");
}

/** How many rows of text a height of the textarea `box` holds. */
function rowsIn(box: HTMLTextAreaElement, height: string) {
  const style = getComputedStyle(box);
  const chrome = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"].reduce(
    (sum, key) => sum + parseFloat(style[key as "paddingTop"]),
    0,
  );
  return (parseFloat(height) - chrome) / ROW_PX;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Write a comment on Worker 1" }));
  return screen.findByRole("dialog", { name: "Comment" });
}

describe("super admin Pending: the Comment dialog (spec §2, §8)", { timeout: 30_000 }, () => {
  it("lists REVIEWED passports, reads Write a comment when empty, and shows a stored comment", async () => {
    const calls = reviewedList(() => ({ body: envelope(null) }));
    renderApp("/dashboard/super-admin/pending");
    expect(await screen.findByText("Write a comment")).toBeTruthy();
    expect(screen.getByText("Check the visa papers")).toBeTruthy();
    expect(calls.map(url).some((u) => u.startsWith("/api/passport/filter?isSuperAdminApproved=REVIEWED"))).toBe(true);
  });

  it("shows a small spinner, not --- or Write a comment, until access control has answered", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const can = accessControlProvider.can;
    const spy = vi.spyOn(accessControlProvider, "can").mockImplementation(async (params) => {
      if (params.action === "comment") await answered;
      return can(params);
    });
    try {
      reviewedList(() => ({ body: envelope(null) }));
      renderApp("/dashboard/super-admin/pending");
      const row = (await screen.findByText("Worker 1")).closest("tr")!;
      expect(within(row).getByLabelText("Checking access")).toBeTruthy();
      expect(within(row).queryByText("---")).toBeNull();
      expect(screen.queryByText("Check the visa papers")).toBeNull();
      answer();
      expect(await within(row).findByText("Write a comment")).toBeTruthy();
      expect(within(row).queryByLabelText("Checking access")).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  it("opens a textarea with its placeholder, Submit and Cancel; Cancel sends nothing", async () => {
    const calls = reviewedList(() => ({ body: envelope(null) }));
    renderApp("/dashboard/super-admin/pending");
    const dialog = await openDialog();
    const box = within(dialog).getByPlaceholderText("Write comment here") as HTMLTextAreaElement;
    expect(box.tagName).toBe("TEXTAREA");
    expect(within(dialog).getByRole("button", { name: "Submit" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Comment" })).toBeNull());
    expect(calls.filter((c) => c.method === "put")).toHaveLength(0);
  });

  it("the textarea is 5 rows high, grows with the text and stops at 7", async () => {
    const undo = layOutTextareas();
    try {
      reviewedList(() => ({ body: envelope(null) }));
      renderApp("/dashboard/super-admin/pending");
      const dialog = await openDialog();
      const box = within(dialog).getByPlaceholderText("Write comment here") as HTMLTextAreaElement;
      await waitFor(() => expect(rowsIn(box, box.style.height)).toBe(5));
      expect(rowsIn(box, box.style.minHeight)).toBe(5);
      expect(rowsIn(box, box.style.maxHeight)).toBe(7);
      await userEvent.type(box, "1{Enter}2{Enter}3{Enter}4{Enter}5{Enter}6");
      await waitFor(() => expect(rowsIn(box, box.style.height)).toBe(6));
      await userEvent.type(box, "{Enter}7{Enter}8{Enter}9");
      await waitFor(() => expect(rowsIn(box, box.style.height)).toBe(7));
    } finally {
      undo();
    }
  });

  it("Add Passport opens the create-passport modal with the passport form", async () => {
    stubApi((config) => {
      if (url(config) === "/slot/get-all-slots") return { body: envelope([{ id: 1, slotName: "SLOT-2026-01" }]) };
      if (url(config) === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }]) };
      return { body: envelope({ content: [fakePassport(1)], totalElements: 1 }) };
    });
    renderApp("/dashboard/super-admin/pending");
    await userEvent.click(await screen.findByRole("button", { name: /Add Passport/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add Passport" });
    expect(await within(dialog).findByLabelText("Full Name")).toBeTruthy();
    expect(within(dialog).getByLabelText("Slot Number")).toBeTruthy();
    expect(within(dialog).getByLabelText("Agent")).toBeTruthy();
  });

  it("Submit saves commentBySuperAdmin and says Comment added successfully", async () => {
    const calls = reviewedList(() => ({ body: envelope(fakePassport(1, { commentBySuperAdmin: "Looks good" }), "Comment saved") }));
    renderApp("/dashboard/super-admin/pending");
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByPlaceholderText("Write comment here"), "Looks good");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Comment added successfully")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(url(put)).toBe("/api/passport/1/comment-by-super-admin");
    expect(JSON.parse(put.data)).toEqual({ commentBySuperAdmin: "Looks good" });
    expect(await screen.findByText("Looks good")).toBeTruthy();
  });

  it("a refused comment says Failed to add comment", async () => {
    reviewedList(() => ({ status: 409, body: failure("Passport is APPROVED") }));
    renderApp("/dashboard/super-admin/pending");
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByPlaceholderText("Write comment here"), "Late");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Failed to add comment")).toBeTruthy();
  });

  it("refuses a comment of only zero-width and bidi characters with Write a comment, and sends nothing", async () => {
    const calls = reviewedList(() => ({ body: envelope(null) }));
    renderApp("/dashboard/super-admin/pending");
    const dialog = await openDialog();
    const box = within(dialog).getByPlaceholderText("Write comment here");
    await userEvent.type(box, "\u200B\u202E\u200B");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe("Write a comment");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe(alert.id);
    expect(calls.some((c) => c.method === "put")).toBe(false);
  });

  it("sends a comment cleaned of hidden characters", async () => {
    const calls = reviewedList(() => ({ body: envelope(fakePassport(1, { commentBySuperAdmin: "Looks good" })) }));
    renderApp("/dashboard/super-admin/pending");
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByPlaceholderText("Write comment here"), " \u202ELooks\u200B good ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Comment added successfully")).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === "put")!.data)).toEqual({ commentBySuperAdmin: "Looks good" });
  });
});

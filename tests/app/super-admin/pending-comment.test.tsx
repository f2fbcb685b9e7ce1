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

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Comment on Worker 1" }));
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
});

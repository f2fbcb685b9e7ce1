import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

const SLOTS = [
  { id: 1, slotName: "SLOT-2026-01" },
  { id: 2, slotName: "SLOT-2026-02" },
];

/** Slot endpoints; writes answer `writeStatus`. */
function stubSlots(writeStatus = 200) {
  return stubApi((config) => {
    if (config.method === "get") return { body: envelope(SLOTS) };
    return writeStatus === 200 ? { body: envelope({ id: 9, slotName: "x" }, "ok") } : { status: writeStatus, body: failure("Slot exists") };
  });
}

async function openSlots() {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/slot-creation");
  await screen.findByText("SLOT-2026-02");
}

const rowOf = (name: string) => within(screen.getByText(name).closest("tr") as HTMLElement);

describe("Slot Creation, built from the slots declaration (spec §2, §5, §8)", () => {
  it("lists ID, Slot Number and Action", async () => {
    stubSlots();
    await openSlots();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["ID", "Slot Number", "Action"]);
    expect(rowOf("SLOT-2026-01").getByText("1")).toBeTruthy();
    expect(rowOf("SLOT-2026-01").getByRole("button", { name: "Edit SLOT-2026-01" })).toBeTruthy();
    expect(rowOf("SLOT-2026-01").getByRole("button", { name: "Delete SLOT-2026-01" })).toBeTruthy();
  });

  it('creates a slot: "Enter Slot Number" when empty, then POST and "Slot Added Successfully!"', async () => {
    const calls = stubSlots();
    await openSlots();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Create Slot$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Create Slot Number" });
    await user.click(within(dialog).getByRole("button", { name: "Create Slot" }));
    expect(await within(dialog).findByText("Enter Slot Number")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Slot Number"), " SLOT-2026-06 ");
    await user.click(within(dialog).getByRole("button", { name: "Create Slot" }));
    expect(await screen.findByText("Slot Added Successfully!")).toBeTruthy();
    const post = calls.find((c) => c.method === "post")!;
    expect(post.url).toBe("/slot/add-slot");
    expect(JSON.parse(post.data as string)).toEqual({ slotName: "SLOT-2026-06" });
  });

  it('updates a slot from its row: "Update Slot Number", prefilled, "Update Slot"', async () => {
    const calls = stubSlots();
    await openSlots();
    const user = userEvent.setup();
    await user.click(rowOf("SLOT-2026-02").getByRole("button", { name: "Edit SLOT-2026-02" }));
    const dialog = await screen.findByRole("dialog", { name: "Update Slot Number" });
    const input = within(dialog).getByLabelText("Slot Number") as HTMLInputElement;
    expect(input.value).toBe("SLOT-2026-02");
    await user.clear(input);
    await user.type(input, "SLOT-2026-22");
    await user.click(within(dialog).getByRole("button", { name: "Update Slot" }));
    expect(await screen.findByText("Slot Updated Successfully!")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(put.url).toBe("/slot/update-slot-by-id/2");
    expect(JSON.parse(put.data as string)).toEqual({ slotName: "SLOT-2026-22" });
  });

  it('deletes after the confirmation with "Slot Deleted Successfully!"', async () => {
    const calls = stubSlots();
    await openSlots();
    const user = userEvent.setup();
    await user.click(rowOf("SLOT-2026-01").getByRole("button", { name: "Delete SLOT-2026-01" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Slot Deleted Successfully!")).toBeTruthy();
    expect(calls.some((c) => c.method === "delete" && c.url === "/slot/delete-slot-by-id/1")).toBe(true);
  });

  it("only logs a failure (no toast)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubSlots(409);
    await openSlots();
    const user = userEvent.setup();
    await user.click(rowOf("SLOT-2026-01").getByRole("button", { name: "Delete SLOT-2026-01" }));
    await user.click(await screen.findByRole("button", { name: "Yes" }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText("Slot Deleted Successfully!")).toBeNull();
    expect(screen.queryByText("Slot exists")).toBeNull();
    expect(document.querySelector(".ant-notification-notice")).toBeNull();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import { fakePassport } from "../support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

const STORED_PDF = { contentType: "application/pdf", data: btoa("%PDF-1.4"), fileName: "passport-scan.pdf" };

interface EntriesStub {
  onPut?: (c: InternalAxiosRequestConfig) => Reply;
  /** Whether slots and agents load (500 otherwise); read on every call, so a test can bring them back. */
  slots?: boolean;
  agents?: boolean;
}

/** The admin's own entries (user 2), agents, slots and attachments. */
function stubEntries(stub: EntriesStub = {}) {
  return stubApi((config) => {
    const path = new URL(config.url!, "http://x").pathname;
    if (config.method === "put") return (stub.onPut ?? (() => ({ body: envelope(null) })))(config);
    if (path === "/auth/get-all-agents") {
      return stub.agents ?? true ? { body: envelope([{ id: 3, username: "agent" }]) } : { status: 500, body: failure("down") };
    }
    if (path === "/slot/get-all-slots") {
      return stub.slots ?? true ? { body: envelope([{ id: 1, slotName: "SLOT-2026-01" }]) } : { status: 500, body: failure("down") };
    }
    if (path.endsWith("/get-attachments")) return { body: envelope({ passportPDF: STORED_PDF }) };
    return { body: envelope({ content: [fakePassport(8, { isSuperAdminApproved: "PENDING" })], totalElements: 1 }) };
  });
}

async function openEntries() {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/agent-data-entry");
  await screen.findByText("Worker 8");
}

async function openRowMenu(item: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Actions for Worker 8" }));
  await user.click(await screen.findByText(item));
  return user;
}

describe("Agent Data Entry (spec §2, §8)", () => {
  it("lists the admin's own entries from get-agent-passports/{me}", async () => {
    const calls = stubEntries();
    await openEntries();
    expect(calls.some((c) => c.url!.startsWith("/api/passport/get-agent-passports/2?"))).toBe(true);
    expect(screen.queryByRole("combobox", { name: "Agent" })).toBeNull();
  });

  it("offers the Add Passport form only once slots have loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubEntries({ slots: false });
    await openEntries();
    await userEvent.click(await screen.findByRole("button", { name: /Create Client Info/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add Passport" });
    await new Promise((r) => setTimeout(r, 300));
    expect(within(dialog).queryByLabelText("Full Name")).toBeNull();
  });

  it("edits from the row menu: stored documents shown, multipart PUT, \"Passport updated successfully\"", async () => {
    const calls = stubEntries({ onPut: () => ({ body: envelope(fakePassport(8), "Passport updated") }) });
    await openEntries();
    const user = await openRowMenu("Edit");
    const dialog = await screen.findByRole("dialog", { name: "Edit Passport Data" });
    expect(await within(dialog).findByText("Stored: passport-scan.pdf (kept unless replaced)")).toBeTruthy();
    expect((within(dialog).getByLabelText("Full Name") as HTMLInputElement).value).toBe("Worker 8");
    await user.clear(within(dialog).getByLabelText("Full Name"));
    await user.type(within(dialog).getByLabelText("Full Name"), "Worker Eight");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Passport updated successfully")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(put.url).toBe("/api/passport/8/update");
    const data = JSON.parse(await ((put.data as FormData).get("data") as Blob).text());
    expect(data).toMatchObject({ fullName: "Worker Eight", agentId: "3", agentName: "agent", slot: "SLOT-2026-01" });
  });

  it('says "Failed to update passport" when the update fails', async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubEntries({ onPut: () => ({ status: 400, body: failure("bad") }) });
    await openEntries();
    const user = await openRowMenu("Edit");
    const dialog = await screen.findByRole("dialog", { name: "Edit Passport Data" });
    await within(dialog).findByText("Stored: passport-scan.pdf (kept unless replaced)");
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Failed to update passport")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Edit Passport Data" })).toBeTruthy();
  });

  it("opens the attachments from the row menu", async () => {
    stubEntries();
    await openEntries();
    await openRowMenu("View Attachments");
    const dialog = await screen.findByRole("dialog", { name: "Attachments" });
    await waitFor(() => expect(within(dialog).getByText("Passport")).toBeTruthy());
  });

  it("Edit shows an error with Retry when the slots cannot be loaded, and the form once a retry succeeds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stub: EntriesStub = { slots: false };
    const calls = stubEntries(stub);
    await openEntries();
    await openRowMenu("Edit");
    const dialog = await screen.findByRole("dialog", { name: "Edit Passport Data" });
    expect(await within(dialog).findByText("Could not load the slot numbers.")).toBeTruthy();
    expect(within(dialog).queryByText("Could not load the agents.")).toBeNull();
    expect(within(dialog).queryByLabelText("Full Name")).toBeNull();

    stub.slots = true;
    const slotCalls = () => calls.filter((c) => c.url === "/slot/get-all-slots").length;
    const before = slotCalls();
    await userEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(((await within(dialog).findByLabelText("Full Name")) as HTMLInputElement).value).toBe("Worker 8");
    expect(slotCalls()).toBe(before + 1);
    expect(within(dialog).queryByText("Could not load the slot numbers.")).toBeNull();
  });

  it("Edit shows an error with Retry when the agents cannot be loaded, then the form with its agent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stub: EntriesStub = { agents: false };
    const calls = stubEntries(stub);
    await openEntries();
    await openRowMenu("Edit");
    const dialog = await screen.findByRole("dialog", { name: "Edit Passport Data" });
    expect(await within(dialog).findByText("Could not load the agents.")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Agent")).toBeNull();

    stub.agents = true;
    const agentCalls = () => calls.filter((c) => c.url === "/auth/get-all-agents").length;
    const before = agentCalls();
    await userEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByLabelText("Agent")).toBeTruthy();
    expect(within(dialog).getByTitle("agent")).toBeTruthy();
    expect(agentCalls()).toBe(before + 1);
    expect(within(dialog).queryByText("Could not load the agents.")).toBeNull();
  });

  it("Edit names both lists when neither can be loaded, and one Retry asks for both", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stub: EntriesStub = { slots: false, agents: false };
    const calls = stubEntries(stub);
    await openEntries();
    await openRowMenu("Edit");
    const dialog = await screen.findByRole("dialog", { name: "Edit Passport Data" });
    expect(await within(dialog).findByText("Could not load the slot numbers.")).toBeTruthy();
    expect(await within(dialog).findByText("Could not load the agents.")).toBeTruthy();

    Object.assign(stub, { slots: true, agents: true });
    const count = () => calls.filter((c) => c.url === "/slot/get-all-slots" || c.url === "/auth/get-all-agents").length;
    const before = count();
    await userEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByLabelText("Full Name")).toBeTruthy();
    expect(count()).toBe(before + 2);
  });
});

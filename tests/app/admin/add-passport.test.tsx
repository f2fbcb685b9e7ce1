import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { field, fillValidPassport, pdf, png, ymd } from "../support/passport-form";
import { fakePassport } from "../support/passports";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

interface Stub {
  /** Answer to GET /slot/get-all-slots; read on every call. */
  slotsUp: boolean;
  /** Answer to GET /auth/get-all-agents (500 when false); read on every call. */
  agentsUp?: boolean;
  onAdd: (config: InternalAxiosRequestConfig) => Reply;
}

/** Agent Data Entry of admin 2: one entry, one agent, one slot; POST /api/passport/add answered by `onAdd`. */
function stubEntries(stub: Stub) {
  return stubApi((config) => {
    const path = new URL(config.url!, "http://x").pathname;
    if (config.method === "post" && path === "/api/passport/add") return stub.onAdd(config);
    if (path === "/auth/get-all-agents") {
      return stub.agentsUp ?? true ? { body: envelope([{ id: 3, username: "agent-one" }]) } : { status: 500, body: failure("down") };
    }
    if (path === "/slot/get-all-slots") {
      return stub.slotsUp ? { body: envelope([{ id: 1, slotName: "SLOT-2026-01" }]) } : { status: 500, body: failure("down") };
    }
    return { body: envelope({ content: [fakePassport(8, { isSuperAdminApproved: "PENDING" })], totalElements: 1 }) };
  });
}

async function openAddPassport() {
  signInAs(2, "admin", ["ADMIN"]);
  renderApp("/dashboard/admin/agent-data-entry");
  await screen.findByText("Worker 8");
  await userEvent.click(screen.getByRole("button", { name: /Create Client Info/ }));
  return screen.findByRole("dialog", { name: "Add Passport" });
}

/** Fills the form in `dialog`, picks two documents and presses Submit. */
async function submitValidPassport(dialog: HTMLElement) {
  const user = userEvent.setup({ delay: null });
  const scope = within(dialog);
  await scope.findByLabelText("Full Name");
  await fillValidPassport(user, { agent: "agent-one", slot: "SLOT-2026-01" }, scope);
  await user.upload(field("1 Educational Certificates", scope), pdf("certificate.pdf"));
  await user.upload(field("2 Photo", scope), png("photo.png"));
  await scope.findByText("photo.png");
  await user.click(scope.getByRole("button", { name: "Submit" }));
}

describe("Add Passport (spec §2, §5, §7, §8)", { timeout: 60_000 }, () => {
  it("sends multipart: part data with the agent split into agentId / agentName, files under their document names", async () => {
    const calls = stubEntries({ slotsUp: true, onAdd: () => ({ body: envelope(fakePassport(9), "Passport added") }) });
    const dialog = await openAddPassport();
    await submitValidPassport(dialog);

    expect(await screen.findByText("Passport Added Successfully")).toBeTruthy();
    const post = calls.find((c) => c.method === "post" && c.url === "/api/passport/add")!;
    // The lists are fetched again (jsdom never finishes antd's closing animation; the browser test sees it close).
    await waitFor(() => expect(calls.slice(calls.indexOf(post)).some((c) => c.url!.startsWith("/api/passport/get-agent-passports/2?"))).toBe(true));
    const form = post.data as FormData;
    expect([...form.keys()].sort()).toEqual(["data", "educational", "recentPic"]);
    const data = JSON.parse(await (form.get("data") as Blob).text());
    expect(data).toEqual({
      fullName: "Rahim Uddin",
      passportNo: "A1234567",
      fathersName: "Karim Uddin",
      mothersName: "Amina Begum",
      schooling: "HSC",
      maritalStatus: "Single",
      telephone: "01712345678",
      contractAmount: 250000,
      passportIssueDate: "2020-01-15",
      passportExpireDate: "2030-01-14",
      visaType: "WORKVISA",
      dob: ymd(dayjs().subtract(30, "year")),
      agentId: "3",
      agentName: "agent-one",
      slot: "SLOT-2026-01",
      isSuperAdminApproved: "PENDING",
    });
    expect((form.get("educational") as File).name).toBe("certificate.pdf");
    expect((form.get("recentPic") as File).name).toBe("photo.png");
  });

  it('says "Something went wrong. Please try again." when the server refuses, and keeps the form', async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubEntries({ slotsUp: true, onAdd: () => ({ status: 400, body: failure("Passport number already exists") }) });
    const dialog = await openAddPassport();
    await submitValidPassport(dialog);

    expect(await screen.findByText("Something went wrong. Please try again.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Add Passport" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Full Name") as HTMLInputElement).value).toBe("Rahim Uddin");
  });

  it("also when the reply says success: false", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubEntries({ slotsUp: true, onAdd: () => ({ body: failure("Slot is full") }) });
    const dialog = await openAddPassport();
    await submitValidPassport(dialog);
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeTruthy();
    expect(screen.queryByText("Passport Added Successfully")).toBeNull();
  });

  it("shows an error with Retry when the slots cannot be loaded, and the form once a retry succeeds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stub: Stub = { slotsUp: false, onAdd: () => ({ body: envelope(null) }) };
    const calls = stubEntries(stub);
    const dialog = await openAddPassport();
    expect(await within(dialog).findByText("Could not load the slot numbers.")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Full Name")).toBeNull();

    stub.slotsUp = true;
    const slotCalls = () => calls.filter((c) => c.url === "/slot/get-all-slots").length;
    const before = slotCalls();
    await userEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByLabelText("Full Name")).toBeTruthy();
    expect(slotCalls()).toBe(before + 1);
    expect(within(dialog).queryByText("Could not load the slot numbers.")).toBeNull();
  });

  it("shows an error with Retry when the agents cannot be loaded, and the form with the agent once a retry succeeds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stub: Stub = { slotsUp: true, agentsUp: false, onAdd: () => ({ body: envelope(null) }) };
    const calls = stubEntries(stub);
    const dialog = await openAddPassport();
    expect(await within(dialog).findByText("Could not load the agents.")).toBeTruthy();
    expect(within(dialog).queryByText("Could not load the slot numbers.")).toBeNull();
    expect(within(dialog).queryByLabelText("Agent")).toBeNull();

    stub.agentsUp = true;
    const agentCalls = () => calls.filter((c) => c.url === "/auth/get-all-agents").length;
    const before = agentCalls();
    await userEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    await userEvent.click(await within(dialog).findByLabelText("Agent"));
    expect((await screen.findAllByTitle("agent-one")).some((el) => el.classList.contains("ant-select-item-option"))).toBe(true);
    expect(agentCalls()).toBe(before + 1);
    expect(within(dialog).queryByText("Could not load the agents.")).toBeNull();
  });
});

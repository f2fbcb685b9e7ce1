import { type AccessControlProvider, Refine } from "@refinedev/core";
import { render as renderPlain, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { LanguageProvider } from "../../../src/i18n/LanguageProvider";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { App } from "antd";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accessControlProvider, dataProvider, queryClient } from "../../../src/providers";
import { SuperAdminActions } from "../../../src/pages/super-admin/SuperAdminActions";
import type { Role } from "../../../src/contract";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";
import { holdListReplies } from "../support/hold-replies";
import { fakePassport } from "../support/passports";

// The texts come from react-i18next, as under the app.
const render = (ui: ReactElement) => renderPlain(ui, { wrapper: LanguageProvider });

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

describe('Super Admin Action: "N/A" unless the role may decide (spec §2)', () => {
  const renderCell = (roles: Role[], access: AccessControlProvider = accessControlProvider) => {
    signInAs(1, "someone", roles);
    queryClient.clear();
    render(
      <App>
        <Refine dataProvider={dataProvider} accessControlProvider={access} options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true }}>
          <SuperAdminActions passport={fakePassport(1, { isSuperAdminApproved: "COMPLETED" })} resource="super-admin-final-approval" onDecided={() => undefined} />
        </Refine>
      </App>,
    );
  };

  it.each([["ADMIN"], ["AGENT"]] as const)("%s reads N/A and no buttons", async (role) => {
    renderCell([role]);
    expect(await screen.findByText("N/A")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Approve|Reject/ })).toBeNull();
  });

  it("SUPER_ADMIN gets Approve and Reject", async () => {
    renderCell(["SUPER_ADMIN"]);
    expect(await screen.findByRole("button", { name: /Approve/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Reject/ })).toBeTruthy();
    expect(screen.queryByText("N/A")).toBeNull();
  });

  it("shows a small spinner, not N/A, until access control has answered", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderCell(["SUPER_ADMIN"], {
      ...accessControlProvider,
      can: async (params) => {
        await answered;
        return accessControlProvider.can(params);
      },
    });
    expect(await screen.findByLabelText("Checking access")).toBeTruthy();
    expect(screen.queryByText("N/A")).toBeNull();
    answer();
    expect(await screen.findByRole("button", { name: /Approve/ })).toBeTruthy();
    expect(screen.queryByLabelText("Checking access")).toBeNull();
    expect(screen.queryByText("N/A")).toBeNull();
  });
});

const url = (config: InternalAxiosRequestConfig) => config.url ?? "";
const networkDown = (): Reply => {
  throw new Error("Network Error");
};

/** A COMPLETED list of two; a decided passport leaves it, as on the server. */
function completedList(decide: (config: InternalAxiosRequestConfig) => Reply) {
  const rows = [fakePassport(1, { isSuperAdminApproved: "COMPLETED" }), fakePassport(2, { isSuperAdminApproved: "COMPLETED" })];
  return stubApi((config) => {
    if (config.method === "put") {
      const reply = decide(config);
      if ((reply.status ?? 200) < 300) rows.splice(rows.findIndex((r) => url(config).includes(`/passport/${r.id}/`)), 1);
      return reply;
    }
    if (url(config).startsWith("/api/passport/filter?")) return { body: envelope({ content: [...rows], totalElements: rows.length }) };
    return { body: envelope([]) };
  });
}

async function decide(name: string, button: "Approve" | "Reject", question: string) {
  await userEvent.click(await screen.findByRole("button", { name: `${button} ${name}` }));
  const popover = (await screen.findAllByText(question)).at(-1)!.closest(".ant-popover") as HTMLElement;
  await userEvent.click(within(popover).getByRole("button", { name: "Yes" }));
}

describe("Final Approval (spec §2, §4, §8)", { timeout: 30_000 }, () => {
  it("approves after its confirmation; the row leaves the list at once", async () => {
    const calls = completedList(() => ({ body: envelope(fakePassport(1, { isSuperAdminApproved: "APPROVED" }), "Passport approved") }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/final-approval");
    expect(await screen.findByRole("columnheader", { name: "Super Admin Action" })).toBeTruthy();
    await decide("Worker 1", "Approve", "Are you sure you want to change the status to Approved?");
    expect(await screen.findByText("Passport Approval successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Worker 1")).toBeNull());
    expect(screen.getByText("Worker 2")).toBeTruthy();
    expect(calls.filter((c) => c.method === "put").map(url)).toEqual(["/api/passport/1/approve"]);
  });

  it("rejects after its confirmation", async () => {
    const calls = completedList(() => ({ body: envelope(fakePassport(2, { isSuperAdminApproved: "REJECTED" }), "Passport rejected") }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/final-approval");
    await decide("Worker 2", "Reject", "Are you sure you want to change the status to Rejected?");
    expect(await screen.findByText("Passport Rejected successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Worker 2")).toBeNull());
    expect(calls.filter((c) => c.method === "put").map(url)).toEqual(["/api/passport/2/reject-by-super-admin"]);
  });

  it.each([
    ["Approve", "Worker 1", "Worker 2", "Are you sure you want to change the status to Approved?", "Passport Approval successfully"],
    ["Reject", "Worker 2", "Worker 1", "Are you sure you want to change the status to Rejected?", "Passport Rejected successfully"],
  ] as const)("%s drops the row at once, while the refetched list is still on its way", async (button, decided, kept, question, toast) => {
    completedList(() => ({ body: envelope(null, "ok") }));
    const lists = holdListReplies();
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/final-approval");
    expect(await screen.findByText("Showing 1–2 of 2 items")).toBeTruthy();
    lists.hold();
    await decide(decided, button, question);
    expect(await screen.findByText(toast)).toBeTruthy();
    await waitFor(() => expect(lists.held()).toBeGreaterThan(0));
    // The stale list is still the cached one: only the page can have taken the row away.
    await waitFor(() => expect(screen.queryByText(decided)).toBeNull());
    expect(screen.getByText(kept)).toBeTruthy();
    expect(screen.getByText("Showing 1–1 of 1 items")).toBeTruthy();
    lists.release();
  });

  const QUESTION = {
    Approve: "Are you sure you want to change the status to Approved?",
    Reject: "Are you sure you want to change the status to Rejected?",
  } as const;
  it.each([
    ["Approve", "Passport is APPROVED, not COMPLETED", () => ({ status: 409, body: failure("Passport is APPROVED, not COMPLETED") })],
    ["Approve", "Failed to Approval passport", () => ({ status: 409, body: failure(null as unknown as string) })],
    ["Approve", "An error occurred while approving the passport", networkDown],
    ["Reject", "Passport is REJECTED, not COMPLETED", () => ({ status: 409, body: failure("Passport is REJECTED, not COMPLETED") })],
    ["Reject", "Failed to Reject passport", () => ({ status: 409, body: failure(null as unknown as string) })],
    ["Reject", "Failed to Reject passport", () => ({ body: failure(null as unknown as string) })],
    ["Reject", "An error occurred while rejecting the passport", networkDown],
  ] as const)("%s failing says %s and keeps the row", async (button, text, reply) => {
    completedList(reply);
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/final-approval");
    await decide("Worker 1", button, QUESTION[button]);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText("Worker 1")).toBeTruthy();
  });
});

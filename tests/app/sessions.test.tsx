/**
 * Issue 11 in the app: the profile's sessions (Sign out, Sign out everywhere else), the change-password
 * form, and the sign-in page saying why a session ended.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionStore } from "../../src/providers";
import { envelope, failure, locationPath, renderApp, resetSession, signInAs, stubApi, type Reply } from "./support/render-app";

afterEach(resetSession);

const route = (config: InternalAxiosRequestConfig) => `${config.method?.toUpperCase()} ${config.url}`;

const account = {
  id: 3,
  username: "karim",
  contactNumber: "01712345678",
  email: "karim@example.com",
  address: "Dhaka",
  emergencyContactNumber: "01812345678",
  nidNo: "1",
  passportNo: "P1",
  roles: [{ name: "AGENT" }],
};
const here = { id: "s-here", createdAt: "2025-03-01T08:00:00.000Z", lastUsedAt: "2025-03-01T09:30:00.000Z", ipAddress: "10.0.0.5", browser: "Chrome 126 on Windows", current: true };
const phone = { id: "s-phone", createdAt: "2025-02-28T18:00:00.000Z", lastUsedAt: "2025-03-01T07:00:00.000Z", ipAddress: "10.0.0.9", browser: "Safari 17 on iOS", current: false };

/** The profile's calls: the account, the sessions (as `sessions()` says now), and `other` for the rest. */
function profileApi(sessions: () => unknown[], other: (config: InternalAxiosRequestConfig) => Reply = () => ({ body: envelope(null) })) {
  return stubApi((config) => {
    if (config.url === "/auth/get-user/3") return { body: envelope(account) };
    if (config.method === "get" && config.url === "/auth/sessions") return { body: envelope(sessions()) };
    return other(config);
  });
}

async function confirmIn(title: string, button: string) {
  // Closed popovers stay in the DOM, hidden; the newest one is the open one.
  const dialog = (await screen.findAllByText(title)).at(-1)!.closest(".ant-popover") as HTMLElement;
  await userEvent.click(within(dialog).getByRole("button", { name: button }));
}

describe("profile: where you are signed in", () => {
  beforeEach(() => signInAs(3, "karim", ["AGENT"]));

  it("lists the sessions with browser, address and times, this browser marked and without Sign out", async () => {
    profileApi(() => [here, phone]);
    renderApp("/profile");
    const table = (await screen.findByText("Where you are signed in")).closest(".ant-card") as HTMLElement;
    const hereRow = (await within(table).findByText("Chrome 126 on Windows")).closest("tr")!;
    expect(within(hereRow).getByText("This browser")).toBeTruthy();
    expect(within(hereRow).getByText("10.0.0.5")).toBeTruthy();
    expect(within(hereRow).getByText(new Date(here.createdAt).toLocaleString())).toBeTruthy();
    expect(within(hereRow).getByText(new Date(here.lastUsedAt).toLocaleString())).toBeTruthy();
    expect(within(hereRow).queryByRole("button", { name: /Sign out/ })).toBeNull();
    const phoneRow = within(table).getByText("Safari 17 on iOS").closest("tr")!;
    expect(within(phoneRow).getByRole("button", { name: /Sign out Safari 17 on iOS/ })).toBeTruthy();
    for (const header of ["Browser", "Address", "Signed in", "Last used"]) expect(within(table).getByRole("columnheader", { name: header })).toBeTruthy();
  });

  it("signs one session out after a confirmation, says so and lists the sessions again", async () => {
    let sessions = [here, phone];
    const calls = profileApi(
      () => sessions,
      (config) => {
        if (config.method === "delete" && config.url === "/auth/sessions/s-phone") {
          sessions = [here];
          return { body: envelope(null, "Session signed out") };
        }
        return { status: 404, body: failure("unexpected") };
      },
    );
    renderApp("/profile");
    await userEvent.click(await screen.findByRole("button", { name: /Sign out Safari 17 on iOS/ }));
    await confirmIn("Sign out Safari 17 on iOS?", "Sign out");
    expect(await screen.findByText("Signed out Safari 17 on iOS")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Safari 17 on iOS")).toBeNull());
    expect(calls.map(route)).toContain("DELETE /auth/sessions/s-phone");
  });

  it("signs out everywhere else after a confirmation, with the server's words; nothing to do leaves the button disabled", async () => {
    let sessions = [here, phone];
    const calls = profileApi(
      () => sessions,
      (config) => {
        if (config.method === "delete" && config.url === "/auth/sessions") {
          sessions = [here];
          return { body: envelope({ ended: 1 }, "Signed out 1 session elsewhere") };
        }
        return { status: 404, body: failure("unexpected") };
      },
    );
    renderApp("/profile");
    await screen.findByText("Safari 17 on iOS");
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    await confirmIn("Sign out everywhere else?", "Sign out");
    expect(await screen.findByText("Signed out 1 session elsewhere")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign out everywhere else" }).hasAttribute("disabled")).toBe(true));
    expect(calls.map(route)).toContain("DELETE /auth/sessions");
  });

  it("says when a session could not be signed out, with the server's reason", async () => {
    profileApi(
      () => [here, phone],
      () => ({ status: 403, body: failure("You may only sign out your own sessions") }),
    );
    // A 403 ends the session (spec §4); the toast is raised before that.
    renderApp("/profile");
    await userEvent.click(await screen.findByRole("button", { name: /Sign out Safari 17 on iOS/ }));
    await confirmIn("Sign out Safari 17 on iOS?", "Sign out");
    expect(await screen.findByText("Could not sign out that session")).toBeTruthy();
  });

  it("offers Retry when the sessions cannot be loaded", async () => {
    let fail = true;
    profileApi(() => {
      if (fail) throw new Error("Network Error");
      return [here];
    });
    renderApp("/profile");
    expect(await screen.findByText("Could not load your sessions.")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(/Chrome 126 on Windows/)).toBeTruthy();
  });
});

describe("profile: change password", () => {
  beforeEach(() => signInAs(3, "karim", ["AGENT"]));

  async function fill(current: string, next: string, again = next) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current password"), current);
    await user.type(screen.getByLabelText("New password"), next);
    await user.type(screen.getByLabelText("Confirm new password"), again);
    await user.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("checks the new password twice before sending anything", async () => {
    const calls = profileApi(() => [here]);
    renderApp("/profile");
    await fill("secret1", "brand-new-1", "brand-new-2");
    expect(await screen.findByText("The two new passwords do not match")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.type(screen.getByLabelText("New password"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(calls.filter((c) => c.method === "put")).toEqual([]);
  });

  it("shows the server's word under the current password when it is wrong, and stays signed in", async () => {
    profileApi(
      () => [here],
      () => ({
        status: 400,
        body: { ...failure("The current password is not correct"), errors: { currentPassword: "The current password is not correct" } },
      }),
    );
    renderApp("/profile");
    await fill("not-it", "brand-new-1");
    expect(await screen.findByText("The current password is not correct")).toBeTruthy();
    expect(sessionStore.get().token).not.toBeNull();
    expect(locationPath()).toBe("/profile");
  });

  it("changes it, says so, empties the form and lists the sessions again", async () => {
    let sessions = [here, phone];
    const calls = profileApi(
      () => sessions,
      (config) => {
        if (config.method === "put" && config.url === "/auth/change-password") {
          sessions = [here];
          return { body: envelope(null, "Password changed; 1 session elsewhere were signed out") };
        }
        return { status: 404, body: failure("unexpected") };
      },
    );
    renderApp("/profile");
    await screen.findByText("Safari 17 on iOS");
    await fill("secret1", "brand-new-1");
    expect(await screen.findByText("Password changed; 1 session elsewhere were signed out")).toBeTruthy();
    const put = calls.find((c) => c.method === "put")!;
    expect(JSON.parse(put.data as string)).toEqual({ currentPassword: "secret1", newPassword: "brand-new-1" });
    await waitFor(() => expect(screen.queryByText("Safari 17 on iOS")).toBeNull());
    expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe("");
  });
});

describe("sign-in page after a session ended (spec §4, issue 11)", () => {
  it("returns to sign-in saying why, as the failed refresh said it", async () => {
    const idle = "Your session ended after 30 minutes without activity. Please sign in again.";
    signInAs(3, "karim", ["AGENT"]);
    stubApi(() => ({ status: 401, body: failure(idle) }));
    renderApp("/dashboard/agent");
    await waitFor(() => expect(locationPath()).toBe("/signin"));
    expect((await screen.findByRole("alert")).textContent).toContain(idle);
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it("says nothing after an ordinary sign-out", async () => {
    renderApp("/signin");
    await screen.findByRole("button", { name: "Sign In" });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

/** Issue 11 on the User List: disabled users shown as such, Disable/Enable and Sign out everywhere. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envelope, failure, renderApp, resetSession, signInAs, stubApi, type Reply } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
  signInAs(1, "superadmin", ["SUPER_ADMIN"]);
});
afterEach(resetSession);

const person = (id: number, username: string, enabled: boolean, role = "AGENT") => ({
  id,
  username,
  contactNumber: "01712345678",
  email: `${username}@example.com`,
  address: "Dhaka",
  emergencyContactNumber: "01812345678",
  nidNo: "1",
  passportNo: "P1",
  roles: [{ name: role }],
  enabled,
});

const route = (config: InternalAxiosRequestConfig) => `${config.method?.toUpperCase()} ${config.url}`;

/** The user list as `users()` says now; `write` answers the other calls. */
function userListApi(users: () => unknown[], write: (config: InternalAxiosRequestConfig) => Reply) {
  return stubApi((config) =>
    config.method === "get" ? { body: envelope({ content: users(), totalElements: users().length }) } : write(config),
  );
}

async function confirmIn(title: string, button: string) {
  const dialog = (await screen.findAllByText(title)).at(-1)!.closest(".ant-popover") as HTMLElement;
  await userEvent.click(within(dialog).getByRole("button", { name: button }));
}

/** The table row of a user (the header's user menu shows the signed-in name too). */
const rowOf = async (username: string) => (await screen.findAllByText(username)).map((el) => el.closest("tr")).find(Boolean)!;

describe("User List: accounts and sessions (issue 11)", { timeout: 30_000 }, () => {
  it("marks disabled users, and offers Enable for them and Disable for the others, never on one's own row", async () => {
    userListApi(
      () => [person(1, "superadmin", true, "SUPER_ADMIN"), person(12, "rahim", true), person(13, "karim", false)],
      () => ({ body: envelope(null) }),
    );
    renderApp("/dashboard/super-admin/user-list");
    // The first page of the file waits for its route's code to load.
    await screen.findByText("karim@example.com", undefined, { timeout: 20_000 });
    const karim = await rowOf("karim");
    expect(within(karim).getByText("Disabled")).toBeTruthy();
    expect(within(karim).getByRole("button", { name: "Enable karim" })).toBeTruthy();
    // A disabled user has no session to end.
    expect(within(karim).queryByRole("button", { name: "Sign out everywhere: karim" })).toBeNull();
    const rahim = await rowOf("rahim");
    expect(within(rahim).queryByText("Disabled")).toBeNull();
    expect(within(rahim).getByRole("button", { name: "Disable rahim" })).toBeTruthy();
    expect(within(rahim).getByRole("button", { name: "Sign out everywhere: rahim" })).toBeTruthy();
    const own = await rowOf("superadmin");
    expect(within(own).queryByRole("button", { name: /Disable|Enable|out everywhere/ })).toBeNull();
  });

  it("disables a user after a confirmation naming them, says so, and shows them disabled", async () => {
    let rahimEnabled = true;
    const calls = userListApi(
      () => [person(12, "rahim", rahimEnabled)],
      (config) => {
        rahimEnabled = false;
        return { body: envelope(person(12, "rahim", false), "rahim is disabled and was signed out") };
      },
    );
    renderApp("/dashboard/super-admin/user-list");
    await userEvent.click(await screen.findByRole("button", { name: "Disable rahim" }));
    expect(await screen.findByText("rahim is signed out at once and cannot sign in until enabled again. Their passports stay.")).toBeTruthy();
    await confirmIn("Disable rahim?", "Disable");
    expect(await screen.findByText("rahim is disabled and was signed out")).toBeTruthy();
    expect(calls.filter((c) => c.method !== "get").map(route)).toEqual(["PUT /auth/set-user-enabled/12/false"]);
    await waitFor(async () => expect(within(await rowOf("rahim")).getByText("Disabled")).toBeTruthy());
  });

  it("enables a disabled user after a confirmation", async () => {
    const calls = userListApi(
      () => [person(13, "karim", false)],
      () => ({ body: envelope(person(13, "karim", true), "karim can sign in again") }),
    );
    renderApp("/dashboard/super-admin/user-list");
    await userEvent.click(await screen.findByRole("button", { name: "Enable karim" }));
    await confirmIn("Enable karim?", "Enable");
    expect(await screen.findByText("karim can sign in again")).toBeTruthy();
    expect(calls.filter((c) => c.method !== "get").map(route)).toEqual(["PUT /auth/set-user-enabled/13/true"]);
  });

  it("signs a user out everywhere after a confirmation naming them, and says so", async () => {
    const calls = userListApi(
      () => [person(12, "rahim", true)],
      () => ({ body: envelope({ ended: 2 }, "rahim was signed out everywhere (2 sessions ended)") }),
    );
    renderApp("/dashboard/super-admin/user-list");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out everywhere: rahim" }));
    await confirmIn("Sign rahim out everywhere?", "Sign out");
    expect(await screen.findByText("rahim was signed out everywhere (2 sessions ended)")).toBeTruthy();
    expect(calls.filter((c) => c.method !== "get").map(route)).toEqual(["POST /auth/revoke-sessions/12"]);
  });

  it("says when it could not, with the server's reason; No keeps everything as it was", async () => {
    const calls = userListApi(
      () => [person(12, "rahim", true)],
      () => ({ status: 409, body: failure("You cannot disable your own account") }),
    );
    renderApp("/dashboard/super-admin/user-list");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out everywhere: rahim" }));
    await confirmIn("Sign rahim out everywhere?", "Cancel");
    expect(calls.filter((c) => c.method !== "get")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Disable rahim" }));
    await confirmIn("Disable rahim?", "Disable");
    expect(await screen.findByText("Could not disable rahim")).toBeTruthy();
    expect(screen.getByText("You cannot disable your own account")).toBeTruthy();
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore } from "../../src/providers";
import { envelope, failure, fakeToken, locationPath, renderApp, resetSession, stubApi } from "./support/render-app";

afterEach(resetSession);

describe("sign-in page (spec §2, §5)", () => {
  it("shows the welcome lines, the fields and the button at / and /signin", async () => {
    for (const path of ["/", "/signin"]) {
      const { unmount } = renderApp(path);
      expect(await screen.findByText("Welcome Back!")).toBeTruthy();
      expect(screen.getByText("Sign in to continue")).toBeTruthy();
      expect(screen.getByLabelText("Username")).toBeTruthy();
      expect(screen.getByLabelText("Password")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
      unmount();
    }
  });

  it("says what is missing when submitted empty, and sends nothing", async () => {
    const calls = stubApi(() => ({ body: envelope(null) }));
    renderApp("/signin");
    await userEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Enter your username")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("signs an admin in: toast, stored auth state, admin dashboard", async () => {
    const token = fakeToken(2, "admin", ["ADMIN"]);
    const calls = stubApi((config) => (config.url === "/auth/login" ? { body: envelope({ token }, "Sign In Successful") } : { body: envelope({ content: [], totalElements: 0 }) }));
    renderApp("/signin");
    await userEvent.type(await screen.findByLabelText("Username"), "admin");
    await userEvent.type(screen.getByLabelText("Password"), "admin123");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Sign In Successful")).toBeTruthy();
    await waitFor(() => expect(locationPath()).toBe("/dashboard/admin"));
    expect(JSON.parse(calls[0].data as string)).toEqual({ username: "admin", password: "admin123" });
    expect(JSON.parse(localStorage.getItem("auth")!)).toEqual({
      user: { userId: 2, sub: "admin", roles: ["ADMIN"] },
      token,
      signUpUserId: null,
    });
  });

  it.each([
    ["an admin", ["ADMIN"], "/signin?to=/dashboard/agent", "/dashboard/admin"],
    ["an agent who is also super admin", ["SUPER_ADMIN", "AGENT"], "/signin?to=%2Fdashboard%2Fsuper-admin", "/dashboard/agent"],
    ["an admin at /", ["AGENT", "ADMIN"], "/?to=/dashboard/agent", "/dashboard/admin"],
  ] as const)("%s (%s) signing in at %s lands on %s (spec §6), whatever ?to= says", async (_who, roles, start, landing) => {
    const token = fakeToken(2, "someone", [...roles]);
    stubApi((config) => (config.url === "/auth/login" ? { body: envelope({ token }) } : { body: envelope({ content: [], totalElements: 0 }) }));
    renderApp(start);
    await userEvent.type(await screen.findByLabelText("Username"), "someone");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));

    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    expect(locationPath()).toBe(landing);
    expect(sessionStore.get().token).toBe(token);
  });

  it("shows Sign In Failed and stays on the page when the server refuses", async () => {
    stubApi(() => ({ status: 401, body: failure("Invalid username or password") }));
    renderApp("/signin");
    await userEvent.type(await screen.findByLabelText("Username"), "admin");
    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Sign In Failed")).toBeTruthy();
    expect(locationPath()).toBe("/signin");
    expect(sessionStore.get().token).toBeNull();
  });
});

import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppShell } from "../../src/App";
import { queryClient, sessionStore } from "../../src/providers";
import { envelope, failure, locationPath, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";

// jsdom's window is 1024 px wide; the layout tests want the desktop sidebar unless they say otherwise.
beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const emptyPage = () => ({ body: envelope({ content: [], totalElements: 0 }) });

describe("routes and guards (spec §2)", () => {
  it("shows 404 Not Found for any other path", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByText("404 Not Found")).toBeTruthy();
  });

  it("sends a guarded route without a token to /signin", async () => {
    renderApp("/dashboard/admin/pending");
    expect(await screen.findByText("Welcome Back!")).toBeTruthy();
    expect(locationPath()).toBe("/signin");
  });

  it("clears the session and goes to / when the token has no permitted role", async () => {
    stubApi(emptyPage);
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/admin/pending");
    expect(await screen.findByText("Welcome Back!")).toBeTruthy();
    expect(locationPath()).toBe("/");
    expect(sessionStore.get().token).toBeNull();
    expect(localStorage.getItem("auth")).toBeNull();
  });

  /** Records whether a dashboard frame (sidebar) or a 404 was ever put on screen. */
  function watchForFrame() {
    const seen = { frame: false, notFound: false };
    const observer = new MutationObserver(() => {
      seen.frame ||= document.querySelector("[data-role-theme]") !== null;
      seen.notFound ||= document.body.textContent?.includes("404 Not Found") ?? false;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return { seen, stop: () => observer.disconnect() };
  }

  it.each([
    ["an agent", "AGENT", "/dashboard/admin/pending"],
    ["an admin", "ADMIN", "/dashboard/agent/foo"],
    ["an admin", "ADMIN", "/dashboard/super-admin/foo"],
    ["an admin", "ADMIN", "/dashboard/agent/approved"],
    ["a super admin", "SUPER_ADMIN", "/dashboard/agent"],
  ] as const)("%s (%s) opening %s is signed out and sent to / without seeing that dashboard's frame", async (_who, role, path) => {
    stubApi(emptyPage);
    signInAs(2, "someone", [role]);
    const watch = watchForFrame();
    try {
      renderApp(path);
      expect(await screen.findByText("Welcome Back!")).toBeTruthy();
    } finally {
      watch.stop();
    }
    expect(locationPath()).toBe("/");
    expect(sessionStore.get().token).toBeNull();
    expect(localStorage.getItem("auth")).toBeNull();
    expect(watch.seen).toEqual({ frame: false, notFound: false });
  });

  it("goes to / only right after that; going Back to a guarded page later goes to /signin", async () => {
    stubApi(emptyPage);
    signInAs(3, "agent", ["AGENT"]);
    let navigate: NavigateFunction = () => undefined;
    let path = "";
    function Probe() {
      navigate = useNavigate();
      path = useLocation().pathname;
      return null;
    }
    queryClient.clear();
    render(
      <MemoryRouter initialEntries={["/dashboard/agent/pending", "/dashboard/admin/pending"]} initialIndex={1}>
        <AppShell />
        <Probe />
      </MemoryRouter>,
    );
    await screen.findByText("Welcome Back!");
    expect(path).toBe("/");
    expect(sessionStore.get().token).toBeNull();

    await act(async () => navigate(-1));
    await waitFor(() => expect(path).toBe("/signin"));
    expect(screen.getByText("Welcome Back!")).toBeTruthy();
  });

  it.each([
    ["AGENT", "/dashboard/agent", "Pending Passports"],
    ["AGENT", "/dashboard/agent/approved", "Approved Passports"],
    ["ADMIN", "/dashboard/admin", "Pending Passports"],
    ["ADMIN", "/dashboard/admin/work-permit", "Work Permit Submission"],
    ["ADMIN", "/dashboard/admin/slot-creation", "Slot Number Creation"],
    ["SUPER_ADMIN", "/dashboard/super-admin", "Pending Passports"],
    ["SUPER_ADMIN", "/dashboard/super-admin/passport-history", "Application History"],
    ["SUPER_ADMIN", "/dashboard/super-admin/12/update-user", "Update User"],
    ["SUPER_ADMIN", "/dashboard/super-admin/create-user", "Create New User"],
  ] as const)("%s at %s sees the %s page", async (role, path, heading) => {
    stubApi(emptyPage);
    signInAs(1, "someone", [role]);
    renderApp(path);
    expect(await screen.findByRole("heading", { name: heading, level: 1 })).toBeTruthy();
    expect(locationPath()).toBe(path);
  });

  it("the agent's :agentDataType route accepts only approved and rejected", async () => {
    stubApi(emptyPage);
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/something-else");
    expect(await screen.findByText("404 Not Found")).toBeTruthy();
  });
});

describe("layout (spec §2 Layout)", () => {
  it("shows the role's menu, colour, title from the path, and the user", async () => {
    stubApi(emptyPage);
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    const { container } = renderApp("/dashboard/super-admin/final-approval");
    const menu = await screen.findByRole("navigation", { name: "Main menu" });
    for (const label of ["Pending", "Approved", "Rejected", "Final Approval", "Control Panel", "User List", "Create User", "Security Log", "Application History"]) {
      expect(within(menu).getByText(label)).toBeTruthy();
    }
    expect(within(menu).queryByText("Slot Creation")).toBeNull();
    expect(container.querySelector("[data-role-theme]")?.getAttribute("data-role-theme")).toBe("super-admin");
    expect(screen.getByTestId("page-title").textContent).toBe("Passport Final Approval");
    expect(screen.getByTestId("user-name").textContent).toBe("superadmin");
    expect(screen.getByTestId("user-role").textContent).toBe("SUPER_ADMIN");
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeTruthy();
  });

  it.each([
    // Names from the declarations, never a raw id; the menu group and the list an edit page belongs to.
    ["/dashboard/super-admin/12/update-user", ["Super Admin", "Control Panel", "User List", "Update User"], "Update User"],
    ["/dashboard/super-admin/passport-history", ["Super Admin", "Application History"], "Application History"],
    ["/dashboard/super-admin", ["Super Admin", "Pending Passports"], "Pending Passports"],
    ["/profile", ["Profile"], "Profile"],
  ])("at %s the breadcrumb reads %j and the title %s", async (path, crumbs, title) => {
    stubApi(() => ({ body: envelope({ content: [], totalElements: 0, id: 1, username: "superadmin", roles: [{ name: "SUPER_ADMIN" }] }) }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp(path);
    const breadcrumb = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getAllByRole("listitem").map((item) => item.textContent)).toEqual(crumbs);
    expect(screen.getByTestId("page-title").textContent).toBe(title);
  });

  /** The sidebar's colour as the browser would paint it, and the theme the frame is in. */
  async function frameColours() {
    const sidebar = await screen.findByTestId("sidebar");
    return {
      theme: document.querySelector("[data-role-theme]")?.getAttribute("data-role-theme"),
      sidebar: getComputedStyle(sidebar).backgroundColor,
    };
  }
  const BLUE = "rgb(11, 59, 140)";
  const GREEN = "rgb(19, 82, 0)";
  const PURPLE = "rgb(57, 16, 133)";

  it.each([
    [["SUPER_ADMIN", "ADMIN"], "/dashboard/admin/pending", "super-admin", PURPLE],
    [["ADMIN", "SUPER_ADMIN"], "/dashboard/super-admin/pending", "admin", GREEN],
    [["AGENT", "ADMIN"], "/dashboard/admin/pending", "agent", BLUE],
    [["ADMIN", "AGENT"], "/dashboard/agent/pending", "admin", GREEN],
  ] as const)("a user with roles %j sees the first role's colours on every dashboard (%s: %s)", async (roles, path, theme, colour) => {
    stubApi(emptyPage);
    signInAs(4, "multi", [...roles]);
    renderApp(path);
    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    expect(await frameColours()).toEqual({ theme, sidebar: colour });
    expect(screen.getByTestId("user-role").textContent).toBe(roles[0]);
  });

  it("a user without roles gets the agent's colours (on /profile, the only page such a user can open)", async () => {
    stubApi(() => ({ body: envelope({ id: 5, username: "nobody", email: "nobody@example.com", contactNumber: "01711111112", address: "", roles: [] }) }));
    signInAs(5, "nobody", []);
    renderApp("/profile");
    expect(await screen.findByText("nobody@example.com")).toBeTruthy();
    expect(await frameColours()).toEqual({ theme: "agent", sidebar: BLUE });
  });

  it("asks before logging out, and No keeps the session", async () => {
    const calls = stubApi((config) => (config.url === "/auth/logout" ? { body: envelope(null, "Signed out") } : emptyPage()));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");
    await userEvent.click(await screen.findByRole("button", { name: /User menu$/ }));
    await userEvent.click(await screen.findByText("Logout"));
    const question = await screen.findByRole("dialog");
    expect(within(question).getAllByText("Are you sure you want to log out?").length).toBeGreaterThan(0);
    await userEvent.click(within(question).getByRole("button", { name: "No" }));
    expect(sessionStore.get().token).not.toBeNull();

    await userEvent.click(screen.getByRole("button", { name: /User menu$/ }));
    await userEvent.click(await screen.findByText("Logout", { selector: ".ant-dropdown-menu-title-content" }));
    const dialog = (await screen.findAllByRole("dialog")).at(-1)!;
    await userEvent.click(within(dialog).getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(sessionStore.get().token).toBeNull());
    expect(calls.some((c) => c.url === "/auth/logout" && c.method === "post")).toBe(true);
    expect(await screen.findByText("Welcome Back!")).toBeTruthy();
  });

  it("collapses the sidebar into a slide-in menu below 1120 px", async () => {
    stubApi(emptyPage);
    signInAs(3, "agent", ["AGENT"]);
    window.innerWidth = 1000;
    try {
      renderApp("/dashboard/agent/pending");
      const open = await screen.findByRole("button", { name: "Open menu" });
      expect(screen.queryByTestId("sidebar")).toBeNull();
      await userEvent.click(open);
      expect(await within(await screen.findByTestId("mobile-menu")).findByText("Agent Role")).toBeTruthy();
    } finally {
      act(() => {
        window.innerWidth = 1280;
        window.dispatchEvent(new Event("resize"));
      });
    }
  });
});

describe("sidebar breakpoint (spec §9: collapses below 1120 px)", () => {
  it.each([
    [1119, "hidden behind Open menu", false],
    [1120, "shown", true],
  ])("at %i px the sidebar is %s", async (width, _shown, sidebarShown) => {
    stubApi(emptyPage);
    signInAs(2, "admin", ["ADMIN"]);
    window.innerWidth = width;
    renderApp("/dashboard/admin/pending");
    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    expect(screen.queryByTestId("sidebar") !== null).toBe(sidebarShown);
    expect(screen.queryByRole("button", { name: "Open menu" }) !== null).toBe(!sidebarShown);
  });
});

describe("profile", () => {
  it("shows the user's details from GET /auth/get-user/{id}", async () => {
    const calls = stubApi(() => ({
      body: envelope({ id: 2, username: "admin", email: "admin@example.com", contactNumber: "01711111111", address: "", roles: [{ name: "ADMIN" }] }),
    }));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/profile");
    expect(await screen.findByText("admin@example.com")).toBeTruthy();
    expect(screen.getByText("01711111111")).toBeTruthy();
    expect(screen.getByText("---")).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain("/auth/get-user/2");
  });

  it("falls back to the token's information when the call fails", async () => {
    stubApi(() => ({ status: 404, body: failure("User not found") }));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/profile");
    expect(await screen.findByText(/Could not load your details/)).toBeTruthy();
    expect(screen.getAllByText("admin").length).toBeGreaterThan(0);
  });
});

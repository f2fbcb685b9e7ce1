/**
 * Issue 3 in a real browser: sign-in, per-role dashboards, menus and colours, guards, 404, profile, logout,
 * the narrow-screen menu, the notification area, a silent token refresh and lazily loaded page code. Real server on a fresh
 * seeded SQLite database, the built app, Debian's Chromium.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Role } from "../../src/contract";
import { englishText } from "../../src/i18n/local-text";
import { DECLARED_RESOURCES } from "../../src/resources/declared";
import { screenRolesOf } from "../../src/resources/declared-screens";
import { DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

/**
 * The menu items of the declared resources (issue 26) a role's dashboard shows after the spec's, in
 * their declared order: Employers and Demand Letters for admins and super admins, and whatever is
 * declared later.
 */
const declaredItems = (role: Role): string[] =>
  DECLARED_RESOURCES.filter((r) => !r.legacy && r.menu && screenRolesOf(r).includes(role))
    .sort((a, b) => a.menu!.order - b.menu!.order)
    .map((r) => englishText(r.menu!.label ?? r.label.many));

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = usePage(() => browser);

/** A menu as the user reads it: leaf labels, parents as { label: children }. */
type MenuTree = (string | Record<string, string[]>)[];

async function readMenu(page: Page): Promise<MenuTree> {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.waitFor();
  return menu.locator("ul.ant-menu-root").evaluate((root) => {
    // An item's name is its link's (a list's count stands beside the link, read separately).
    const text = (el: Element | null) => {
      const title = el?.querySelector(".ant-menu-title-content");
      return (title?.querySelector("a") ?? title)?.textContent?.trim() ?? "";
    };
    return Array.from(root.children)
      .filter((li) => li.matches("li.ant-menu-item, li.ant-menu-submenu"))
      .map((li) =>
        li.matches(".ant-menu-submenu")
          ? { [text(li.querySelector(".ant-menu-submenu-title"))]: Array.from(li.querySelectorAll("li.ant-menu-item")).map(text) }
          : text(li),
      );
  });
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

async function storedToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate(() => localStorage.getItem("auth"));
  return raw ? ((JSON.parse(raw) as { token?: string | null }).token ?? null) : null;
}

/** "rgb(11, 59, 140)" → [11, 59, 140]. */
function rgb(colour: string): [number, number, number] {
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  return [r, g, b];
}

// Blue, green and purple are told apart by their dominant channels, so the three roles differ.
const isBlue = ([r, g, b]: number[]) => b > r && b > g;
const isGreen = ([r, g, b]: number[]) => g > r && g > b;
const isPurple = ([r, g, b]: number[]) => r > g && b > g && b >= r;

async function signInForm(page: Page): Promise<Locator> {
  const button = page.getByRole("button", { name: "Sign In" });
  await button.waitFor();
  return button;
}

describe("each demo account signs in to its dashboard (spec §2, §6)", () => {
  const accounts = [
    {
      who: "admin",
      account: DEMO.admin,
      dashboard: "/dashboard/admin",
      role: "ADMIN",
      theme: "admin",
      colour: isGreen,
      menu: ["Overview", "Agent Data Entry", "Slot Creation", "Pending", "Reviewed", "Work Permit Submission", ...declaredItems("ADMIN")],
    },
    {
      who: "agent",
      account: DEMO.agent,
      dashboard: "/dashboard/agent",
      role: "AGENT",
      theme: "agent",
      colour: isBlue,
      menu: ["Overview", { "Agent Role": ["Pending", "In Progress", "Approved", "Rejected"] }, ...declaredItems("AGENT")],
    },
    {
      who: "agent2",
      account: DEMO.agent2,
      dashboard: "/dashboard/agent",
      role: "AGENT",
      theme: "agent",
      colour: isBlue,
      menu: ["Overview", { "Agent Role": ["Pending", "In Progress", "Approved", "Rejected"] }, ...declaredItems("AGENT")],
    },
    {
      who: "super admin",
      account: DEMO.superAdmin,
      dashboard: "/dashboard/super-admin",
      role: "SUPER_ADMIN",
      theme: "super-admin",
      colour: isPurple,
      menu: ["Overview", "Pending", "Approved", "Rejected", "Final Approval", { "Control Panel": ["User List", "Create User", "Security Log"] }, "Application History", ...declaredItems("SUPER_ADMIN")],
    },
  ] as const;

  it.each(accounts)("$who: toast, dashboard, menu, sidebar and header button colours", async ({ account, dashboard, role, theme, colour, menu }) => {
    const page = await open();
    await signIn(page, server.url, account.username, account.password);
    await page.getByText("Sign In Successful").waitFor();
    await waitForPath(page, dashboard);
    // Every dashboard opens on its pending list.
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();

    expect(await readMenu(page)).toEqual(menu);
    expect(await page.getByTestId("user-name").textContent()).toBe(account.username);
    expect(await page.getByTestId("user-role").textContent()).toBe(role);
    expect(await page.locator("[data-role-theme]").getAttribute("data-role-theme")).toBe(theme);
    expect(await page.getByRole("button", { name: "Open menu" }).count()).toBe(0);

    const background = await page.getByTestId("sidebar").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour(rgb(background)), `sidebar background ${background} for ${role}`).toBe(true);
    // Spec §2 Layout: header buttons differ per role.
    const button = await page.getByRole("button", { name: "User menu" }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour(rgb(button)), `User menu button background ${button} for ${role}`).toBe(true);
  });
});

describe("sign-in form (spec §2, §5)", () => {
  it("a wrong password shows Sign In Failed and stays on the sign-in page", async () => {
    const page = await open();
    await page.goto(`${server.url}/signin`);
    await page.getByLabel("Username").fill(DEMO.admin.username);
    await page.getByLabel("Password").fill("not-the-password");
    await (await signInForm(page)).click();
    await page.getByText("Sign In Failed").waitFor();
    expect(pathOf(page)).toBe("/signin");
    expect(await storedToken(page)).toBeNull();
  });

  it("an admin signing in at /signin?to=/dashboard/agent lands on the admin dashboard (spec §6)", async () => {
    const page = await open();
    await page.goto(`${server.url}/signin?to=/dashboard/agent`);
    await page.getByLabel("Username").fill(DEMO.admin.username);
    await page.getByLabel("Password").fill(DEMO.admin.password);
    await (await signInForm(page)).click();
    await waitForPath(page, "/dashboard/admin");
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();
    expect(await storedToken(page)).not.toBeNull();
    expect(await page.locator("[data-role-theme]").getAttribute("data-role-theme")).toBe("admin");
  });

  it("the empty form shows the field messages", async () => {
    const page = await open();
    await page.goto(`${server.url}/signin`);
    await (await signInForm(page)).click();
    await page.getByText("Enter your username").waitFor();
    await page.getByText("Password is required").waitFor();
    expect(pathOf(page)).toBe("/signin");
  });
});

describe("guards and 404 (spec §2)", () => {
  it("a signed-out visit to a dashboard goes to /signin", async () => {
    const page = await open();
    await page.goto(`${server.url}/dashboard/admin`);
    await waitForPath(page, "/signin");
    await page.getByText("Welcome Back!").waitFor();
  });

  it("an agent opening the admin dashboard is signed out and sent to /", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    expect(await storedToken(page)).not.toBeNull();

    await page.goto(`${server.url}/dashboard/admin`);
    await waitForPath(page, "/");
    await signInForm(page);
    await expect.poll(() => storedToken(page)).toBeNull();
    expect(await page.getByTestId("sidebar").count()).toBe(0);
  });

  it.each(["/dashboard/agent/foo", "/dashboard/super-admin/foo"])("an admin opening %s is signed out and sent to /, never seeing that dashboard", async (path) => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    expect(await storedToken(page)).not.toBeNull();

    await Promise.all([
      page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/auth/logout"),
      page.goto(`${server.url}${path}`),
    ]);
    await waitForPath(page, "/");
    await signInForm(page);
    expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull();
    expect(await page.getByTestId("sidebar").count()).toBe(0);
    expect(await page.getByText("404 Not Found").count()).toBe(0);
  });

  it("an unknown path shows 404 Not Found", async () => {
    const page = await open();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText("404 Not Found").waitFor();
  });
});

describe("profile (spec §2; docs/screens.md)", () => {
  /** The value shown beside a label of the profile's details. */
  const detail = (page: Page, label: string) =>
    page.locator("th.ant-descriptions-item-label", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::td[1]");

  it("an agent sees its own username, email, contact number and roles, read from the server", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    const ownId = await page.evaluate(() => (JSON.parse(localStorage.getItem("auth")!) as { user: { userId: number } }).user.userId);

    await page.getByRole("button", { name: "User menu" }).click();
    const [reply] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === `/auth/get-user/${ownId}`),
      page.getByRole("menuitem", { name: "Profile" }).click(),
    ]);
    await waitForPath(page, "/profile");
    const account = ((await reply.json()) as { replyMessage: { contactNumber: string } }).replyMessage;

    await expect.poll(() => detail(page, "Email").textContent()).toBe("agent@demo-agency.com.bd");
    expect(await detail(page, "Username").textContent()).toBe("agent");
    expect(account.contactNumber).toMatch(/^01[3-9]\d{8}$/);
    expect(await detail(page, "Contact Number").textContent()).toBe(account.contactNumber);
    expect(await detail(page, "Roles").textContent()).toBe("AGENT");
    expect(await page.getByText("Could not load your details").count()).toBe(0);
    expect(await page.getByTestId("page-title").textContent()).toBe("Profile");
  });

  it("a signed-out visit goes to /signin", async () => {
    const page = await open();
    await page.goto(`${server.url}/profile`);
    await waitForPath(page, "/signin");
    await signInForm(page);
  });
});

describe("logout (spec §2 Layout)", () => {
  async function askToLogOut(page: Page): Promise<Locator> {
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    const dialog = page.getByRole("dialog").filter({ hasText: "Are you sure you want to log out?" });
    await dialog.waitFor();
    return dialog;
  }

  it("asks first; No keeps the session, Logout ends it for good", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);

    const first = await askToLogOut(page);
    expect(await first.getByRole("button", { name: "Logout" }).count()).toBe(1);
    await first.getByRole("button", { name: "No" }).click();
    await first.waitFor({ state: "hidden" });
    expect(pathOf(page)).toBe("/dashboard/admin");
    expect(await storedToken(page)).not.toBeNull();
    expect(await page.getByTestId("user-name").textContent()).toBe("admin");

    const logoutCall = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/auth/logout");
    const second = await askToLogOut(page);
    await second.getByRole("button", { name: "Logout" }).click();
    await logoutCall;
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/signin");
    await page.getByText("Welcome Back!").waitFor();
    expect(await storedToken(page)).toBeNull();

    await page.reload();
    await signInForm(page);
    expect(await storedToken(page)).toBeNull();
    await page.goto(`${server.url}/dashboard/admin`);
    await waitForPath(page, "/signin");
  });
});

describe("narrow screens (spec §2 Layout, §9: below 1120 px)", () => {
  it("hide the sidebar; Open menu slides in a menu whose item navigates", async () => {
    const page = await open({ width: 1000, height: 800 });
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await page.getByTestId("page-title").waitFor();
    expect(await page.getByTestId("sidebar").count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Main menu" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.waitFor();
    expect(await readMenu(page)).toEqual(["Overview", "Agent Data Entry", "Slot Creation", "Pending", "Reviewed", "Work Permit Submission", ...declaredItems("ADMIN")]);

    await menu.getByRole("link", { name: "Reviewed" }).click();
    await waitForPath(page, "/dashboard/admin/reviewed");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Reviewed Passports");
    await menu.waitFor({ state: "hidden" });
  });
});

describe("notification area (spec §8, §9)", () => {
  it("one toast per network failure; top centre, 32 px down, 356 px wide, 14 px apart, labelled; Alt+T reaches the newest", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    const region = page.getByRole("region", { name: "Notifications" });
    const toasts = region.locator(".ant-notification-notice-wrapper:not(.ant-notification-fade-leave) .ant-notification-notice");
    const welcome = toasts.filter({ hasText: "Sign In Successful" });
    // Hovering keeps this toast open (pause on hover) while the next one is brought about without the mouse.
    await welcome.hover();
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();

    await page.route((url) => url.pathname.startsWith("/api/passport/"), (route) => route.abort("internetdisconnected"));
    await page.evaluate(() => {
      history.pushState(null, "", "/dashboard/admin/reviewed");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    const offline = toasts.filter({ hasText: "Network error" });
    await offline.waitFor();
    expect(await offline.textContent()).toContain("Could not reach the server");

    // Polled: each toast slides in.
    const layout = async () => {
      const [a, b] = [(await welcome.boundingBox())!, (await offline.boundingBox())!];
      const centre = await page.evaluate(() => document.documentElement.clientWidth / 2);
      return {
        top: Math.round(a.y),
        widths: [Math.round(a.width), Math.round(b.width)],
        offCentre: Math.round(Math.abs(a.x + a.width / 2 - centre)),
        gap: Math.round(b.y - (a.y + a.height)),
      };
    };
    await expect.poll(layout).toEqual({ top: 32, widths: [356, 356], offCentre: 0, gap: 14 });
    // Refine's own "Error (status code: 0)" toast follows the failed list within a render; give it time to show.
    await page.waitForTimeout(500);
    expect(await toasts.count()).toBe(2);
    expect(await region.getByText(/status code/).count()).toBe(0);
    expect(await region.getByLabel("Close toast").count()).toBe(2);

    await page.keyboard.press("Alt+t");
    expect(await offline.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("an access token that expires mid-session (spec §4, §8)", () => {
  let shortLived: RunningServer;
  beforeAll(async () => {
    shortLived = await startServer({ accessTokenTtlSeconds: 2 });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  it("is refreshed without the user noticing", async () => {
    const page = await open();
    const origin = new URL(shortLived.url).origin;
    const calls: { method: string; path: string; status?: number; at: number }[] = [];
    let clock = 0;
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin || !["xhr", "fetch"].includes(request.resourceType())) return;
      calls.push({ method: request.method(), path: url.pathname, at: clock++ });
    });
    page.on("response", (response) => {
      const request = response.request();
      const url = new URL(request.url());
      const call = calls.findLast((c) => c.method === request.method() && c.path === url.pathname && c.status === undefined);
      if (call) call.status = response.status();
    });
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await signIn(page, shortLived.url, DEMO.admin.username, DEMO.admin.password);
    const firstToken = await storedToken(page);
    expect(firstToken).not.toBeNull();
    await page.waitForTimeout(3_000);
    const expiredAt = clock;
    const visitedBefore = visited.length;

    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Reviewed" }).click();
    await waitForPath(page, "/dashboard/admin/reviewed");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe("Reviewed Passports");
    // The list's data arrives: the table footer counts the reviewed passports.
    await page.getByText(/^Showing 1–\d+ of \d+ items$/).waitFor();

    const later = calls.filter((c) => c.at >= expiredAt);
    const refresh = later.find((c) => c.method === "POST" && c.path === "/");
    expect(refresh, `calls after expiry: ${JSON.stringify(later)}`).toBeDefined();
    expect(refresh!.status).toBe(200);
    const listCall = later.findLast((c) => c.method === "GET" && c.path.startsWith("/api/passport/"));
    expect(listCall?.status, `calls after expiry: ${JSON.stringify(later)}`).toBe(200);
    expect(listCall!.at).toBeGreaterThan(refresh!.at);
    // Every call that met the expired token was answered after the refresh.
    for (const call of later.filter((c) => c.status === 401)) {
      expect(later.some((c) => c.at > call.at && c.path === call.path && c.status === 200), `retry of ${call.path}`).toBe(true);
    }
    expect(later.filter((c) => c.status !== undefined && c.status >= 403)).toEqual([]);

    expect(visited.slice(visitedBefore).filter((path) => path === "/" || path === "/signin")).toEqual([]);
    expect(await page.locator(".ant-notification-notice-error").count()).toBe(0);
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    expect(token).not.toBe(firstToken);
  });
});

describe("lazy loading (issue 3 item 8)", () => {
  /**
   * Strings only signed-in code carries: the keys of the texts it shows (issue 28: the words are in
   * the language's chunk), the layout's logout question and the passport tables' texts (spec §2
   * shared table features and attachments modal).
   */
  const LAYOUT_MARKER = "layout.logoutConfirm";
  const TABLE_MARKERS = ["passportTable.noFiltersHint", "filters.clearAll", "passportTable.viewAttachments", "attachments.none"];
  const chunkName = (path: string) => path.split("/").pop()!.replace(/-[\w-]{8}\.js$/, "");
  const codeOf = (path: string) => readFileSync(join(inject("webDir"), path), "utf8");

  it("the sign-in page downloads no page, layout or table code", async () => {
    const page = await open();
    const scripts: string[] = [];
    page.on("request", (request) => {
      // Module preloads are not always typed "script"; every .js download counts.
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".js")) scripts.push(pathname);
    });

    await page.goto(`${server.url}/signin`);
    await signInForm(page);
    await page.waitForLoadState("networkidle");
    const onSignIn = [...scripts];
    const names = onSignIn.map(chunkName);
    // The sign-in page is part of the first download (issue 13); no other page's chunk loads.
    expect(onSignIn.some((path) => codeOf(path).includes("Welcome Back!"))).toBe(true);
    // Chunks are named after their first module; shared library chunks (e.g. "useForm") may load.
    expect(names.filter((name) => /^[A-Z]\w*Page$/.test(name))).toEqual([]);
    expect(names).not.toContain("AppLayout");
    // The language's texts (issue 28): only the sign-in page's and the start-up's part, and words, not code.
    expect(names.filter((name) => /^(en|bn)-/.test(name))).toEqual(["en-start"]);
    for (const path of onSignIn.filter((p) => !/^(en|bn)-(start|rest)$/.test(chunkName(p)))) {
      for (const marker of [LAYOUT_MARKER, ...TABLE_MARKERS]) expect(codeOf(path).includes(marker), `${path} contains "${marker}"`).toBe(false);
    }
    // The field check (zod) loads when the form is first touched, not on arrival.
    expect(onSignIn.filter((path) => codeOf(path).includes("ZodError"))).toEqual([]);

    // The signed-in frame and pages bring their own code, fetched only when they are opened.
    await page.getByLabel("Username").fill(DEMO.admin.username);
    await page.getByLabel("Password").fill(DEMO.admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/dashboard/admin");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Reviewed" }).click();
    await waitForPath(page, "/dashboard/admin/reviewed");
    await page.getByText(/^Showing 1–\d+ of \d+ items$/).waitFor();
    const afterSignIn = scripts.slice(onSignIn.length);
    expect(afterSignIn.map(chunkName)).toContain("AppLayout");
    expect(afterSignIn.some((path) => codeOf(path).includes(LAYOUT_MARKER))).toBe(true);
    expect(afterSignIn.some((path) => TABLE_MARKERS.some((marker) => codeOf(path).includes(marker))), "table code loaded by the list page").toBe(true);
  });
});

/**
 * Issue 5 in a real browser: user management (Delete User from the list and from the Update User
 * form), the super admin's comment, create-passport modal and final decisions, the lists that show
 * them, the agent's read-only lists and the top-bar search (super admin, admin, agent). Real server on
 * a fresh seeded SQLite database, the built app, Debian's Chromium. The tests run in order and share
 * the database: the agent created first is deleted later.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope, Page as PageOf, Passport } from "../../src/contract";
import { chooseOption, confirmPopover, DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

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

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const NEW_AGENT = { username: "fieldagent1", password: "fieldpass1" };

type Account = { username: string; password: string };

async function tokenOf(account: Account): Promise<string> {
  const login = await fetch(`${server.url}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  return ((await login.json()) as Envelope<{ token: string }>).replyMessage!.token;
}

/** Calls the API directly, signed in as `account`, to learn what the screens should show. */
async function apiGet<T>(account: Account, path: string): Promise<T> {
  const reply = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${await tokenOf(account)}` } });
  return ((await reply.json()) as Envelope<T>).replyMessage!;
}

const userIdOf = async (account: Account) => {
  const token = await tokenOf(account);
  return (JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { userId: number }).userId;
};

/** Creates an agent with no passports through the API (signup, then assign-role), as a setup step. */
async function createAgentThroughApi(username: string) {
  const headers = { Authorization: `Bearer ${await tokenOf(DEMO.superAdmin)}` };
  const form = new FormData();
  const data = {
    username,
    contactNumber: "01712000222",
    emergencyContactNumber: "01812000222",
    email: `${username}@example.com`,
    password: "deleteme1",
    address: "Khulna",
    nidNo: "1990000000222",
    passportNo: "EB0000222",
  };
  form.append("data", new Blob([JSON.stringify(data)], { type: "application/json" }));
  const signup = await fetch(`${server.url}/auth/signup`, { method: "POST", headers, body: form });
  const { id } = ((await signup.json()) as Envelope<{ id: number }>).replyMessage!;
  const assigned = await fetch(`${server.url}/api/admin/assign-role/user/${id}?roleName=AGENT`, { method: "POST", headers });
  expect(assigned.ok).toBe(true);
}

/** The newest alert (antd modal.error / modal.success) titled `title`. */
const alertTitled = (page: Page, title: string) =>
  page.locator(".ant-modal-confirm").filter({ has: page.locator(".ant-modal-confirm-title", { hasText: title }) }).last();

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const visiblePopover = (page: Page) => page.locator(".ant-popover:not(.ant-popover-hidden)");
const menuLinkOf = (page: Page, name: string) => page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name, exact: true });

/**
 * Types into a column's header search popup and applies it (the table waits 500 ms before fetching).
 * Waits for the list first: the popup opened while the columns are still settling can close again.
 */
async function filterColumn(page: Page, title: string, value: string) {
  await page.locator(".ant-table-tbody tr:not(.ant-table-measure-row)").first().waitFor();
  const input = page.getByLabel(`Search ${title}`);
  await expect
    .poll(
      async () => {
        if (!(await input.isVisible())) await page.getByLabel(`Filter ${title}`).first().click();
        return input.isVisible();
      },
      { timeout: 15_000, interval: 700 },
    )
    .toBe(true);
  await input.fill(value);
  await input.press("Enter");
}

const footerTotal = async (page: Page) => {
  const text = await page.locator(".ant-pagination-total-text").first().innerText();
  return Number(/of (\d+) items/.exec(text)?.[1]);
};

/** How many text rows a textarea shows: its inner height over its line height, to a tenth. */
const rowsShown = (box: Locator) =>
  box.evaluate((el: HTMLTextAreaElement) => {
    const style = getComputedStyle(el);
    const inner = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round((inner / parseFloat(style.lineHeight)) * 10) / 10;
  });

async function expectImageLoaded(image: Locator) {
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

describe("super admin: users (spec §2 Create / Update User, User List)", () => {
  it("creates an agent with an NID file, previews the file, edits the user, and the new agent signs in", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    // The menu opens its groups (Control Panel) from the start.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Create User" }).click();
    await page.getByRole("heading", { name: "Create New User" }).waitFor();

    await page.getByLabel("Username").fill(NEW_AGENT.username);
    await page.getByLabel("Contact Number", { exact: true }).fill("01712000111");
    await page.getByLabel("Email").fill("fieldagent1@example.com");
    await page.getByLabel("Password").fill(NEW_AGENT.password);
    await page.getByLabel("Address").fill("Mirpur, Dhaka");
    await page.getByLabel("Emergency Contact Number").fill("01812000111");
    await page.getByLabel("NID Number").fill("1990123456789");
    await page.getByLabel("Passport No", { exact: true }).fill("EB0000111");
    await chooseOption(page, "Role", "AGENT");
    await page.getByLabel("NID File").setInputFiles({ name: "nid.png", mimeType: "image/png", buffer: PNG });

    await page.getByRole("button", { name: "Preview NID File" }).click();
    const preview = page.getByRole("dialog", { name: "NID File" });
    await expectImageLoaded(preview.getByRole("img", { name: "nid.png" }));
    expect(await preview.getByRole("link", { name: "Download nid.png" }).getAttribute("download")).toBe("nid.png");
    await preview.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByText("Agent created and role assigned.").waitFor();
    await page.waitForURL((url) => url.pathname === "/dashboard/super-admin/user-list");
    const row = rowOf(page, NEW_AGENT.username);
    await expect.poll(() => row.innerText()).toContain("Mirpur, Dhaka");
    expect(await row.innerText()).toContain("AGENT");

    await page.getByRole("button", { name: `Edit ${NEW_AGENT.username}` }).click();
    await page.getByRole("heading", { name: "Update User" }).waitFor();
    await expect.poll(() => page.getByLabel("Username").inputValue()).toBe(NEW_AGENT.username);
    expect(await page.getByLabel("Password").isDisabled()).toBe(true);
    expect(await page.getByLabel("Role", { exact: true }).isDisabled()).toBe(true);
    await page.getByText("Stored: nid.png").waitFor();
    await page.getByRole("button", { name: "Preview NID File" }).click();
    await expectImageLoaded(page.getByRole("dialog", { name: "NID File" }).getByRole("img", { name: "nid.png" }));
    await page.getByRole("dialog", { name: "NID File" }).getByRole("button", { name: "Close" }).click();

    await page.getByLabel("Address").fill("Uttara, Dhaka");
    await page.getByRole("button", { name: "Update User" }).click();
    await page.getByText("User Updated Successfully").waitFor();
    await page.context().close();

    const agentPage = await open();
    await signIn(agentPage, server.url, NEW_AGENT.username, NEW_AGENT.password);
    expect(new URL(agentPage.url()).pathname).toBe("/dashboard/agent");
    expect(await agentPage.getByTestId("user-role").innerText()).toBe("AGENT");
  });
});

describe("super admin: comment and final decisions (spec §2, §4, §8)", () => {
  it("comments, approves one completed passport and rejects another, then finds both in Approved, Rejected and History", async () => {
    const completed = await apiGet<PageOf<Passport>>(DEMO.superAdmin, "/api/passport/filter?isSuperAdminApproved=COMPLETED&size=2");
    const [toApprove, toReject] = completed.content;
    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);

    // Pending (REVIEWED): comment on the first passport with none.
    await rows(page).first().waitFor();
    const commentButton = page.getByRole("button", { name: /comment on /i }).filter({ hasText: "Write a comment" }).first();
    await commentButton.click();
    const dialog = page.getByRole("dialog", { name: "Comment" });
    const box = dialog.getByPlaceholder("Write comment here");
    // Spec §2, §9: the comment box shows 5 to 7 rows; it starts at 5 and a long comment stops at 7.
    await expect.poll(() => rowsShown(box)).toBe(5);
    await box.fill(Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n"));
    await expect.poll(() => rowsShown(box)).toBe(7);
    await box.fill("Documents verified by the super admin");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Comment added successfully").waitFor();
    await page.getByRole("button", { name: /comment on /i }).filter({ hasText: "Documents verified by the super admin" }).waitFor();

    // Final Approval: approve one, reject another; each leaves the list.
    await page.getByRole("link", { name: "Final Approval" }).click();
    await page.getByRole("heading", { name: "Passport Final Approval", level: 1 }).waitFor();
    await page.getByRole("columnheader", { name: "Super Admin Action" }).waitFor();
    await rowOf(page, toApprove.passportNo).getByRole("button", { name: `Approve ${toApprove.fullName}`, exact: true }).click();
    await confirmPopover(page, "Are you sure you want to change the status to Approved?");
    await page.getByText("Passport Approval successfully").waitFor();
    await rowOf(page, toApprove.passportNo).waitFor({ state: "detached" });

    await rowOf(page, toReject.passportNo).getByRole("button", { name: `Reject ${toReject.fullName}`, exact: true }).click();
    await confirmPopover(page, "Are you sure you want to change the status to Rejected?");
    await page.getByText("Passport Rejected successfully").waitFor();
    await rowOf(page, toReject.passportNo).waitFor({ state: "detached" });

    // Approved and Rejected, filtered by passport number through the header popups.
    await page.getByRole("link", { name: "Approved" }).click();
    await page.getByRole("heading", { name: "Approved Passports", level: 1 }).waitFor();
    await filterColumn(page, "Passport No", toApprove.passportNo);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain("APPROVED");
    expect(new URL(page.url()).searchParams.get("passportNo")).toBe(toApprove.passportNo);

    await page.getByRole("link", { name: "Rejected" }).click();
    await page.getByRole("heading", { name: "Rejected Passports", level: 1 }).waitFor();
    await filterColumn(page, "Passport No", toReject.passportNo);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain("REJECTED");

    // Application History: by passport number, then by status plus full name.
    await page.getByRole("link", { name: "Application History" }).click();
    await page.getByRole("heading", { name: "Application History", level: 1 }).waitFor();
    await filterColumn(page, "Passport No", toApprove.passportNo);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain("APPROVED");
    await page.getByText("Clear All Filter").click();
    await filterColumn(page, "Status", "REJECTED");
    await filterColumn(page, "Full Name", toReject.fullName);
    // The passport is on the unfiltered page too: wait for the list both filters give, not just for it.
    await expect.poll(() => new URL(page.url()).searchParams.get("fullName")).toBe(toReject.fullName);
    await expect
      .poll(async () => {
        const texts = await rows(page).allInnerTexts();
        return texts.some((t) => t.includes(toReject.passportNo)) && texts.every((t) => t.includes("REJECTED"));
      })
      .toBe(true);
  });

  it("Pending's Add Passport opens the create-passport modal with the form, its agents and slots loaded", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add Passport" }).click();
    const modal = page.getByRole("dialog", { name: "Add Passport" });
    await modal.getByLabel("Full Name").waitFor();
    for (const label of ["Passport No", "Father's Name", "Mother's Name", "Phone", "Date of Birth"]) {
      expect(await modal.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    }
    await chooseOption(modal, "Agent", DEMO.agent.username);
    await chooseOption(modal, "Slot Number", "SLOT-2026-01");
    expect(await modal.getByRole("button", { name: "Submit" }).isVisible()).toBe(true);
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("deletes the created user from the User List", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await page.goto(`${server.url}/dashboard/super-admin/user-list`);
    await rowOf(page, NEW_AGENT.username).waitFor();
    await page.getByRole("button", { name: `Delete ${NEW_AGENT.username}` }).click();
    await visiblePopover(page).filter({ hasText: "Are you sure?" }).getByText("This action cannot be undone.").waitFor();
    await confirmPopover(page, "Are you sure?", "Delete");
    await page.getByText("User deleted successfully").waitFor();
    await rowOf(page, NEW_AGENT.username).waitFor({ state: "detached" });
    await rowOf(page, DEMO.agent2.username).waitFor();
  });
});

describe("super admin: Delete User on the Update User form (spec §8)", () => {
  it("refuses an agent of passports with the spec's text and the reason below, and deletes a user with none", async () => {
    const spare = "sparedesk1";
    await createAgentThroughApi(spare);
    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await page.goto(`${server.url}/dashboard/super-admin/user-list`);

    const deleteFromForm = async (username: string) => {
      await page.getByRole("button", { name: `Edit ${username}`, exact: true }).click();
      await page.getByRole("heading", { name: "Update User" }).waitFor();
      await expect.poll(() => page.getByLabel("Username").inputValue()).toBe(username);
      await page.getByRole("button", { name: "Delete User" }).click();
      const confirm = page.getByRole("dialog").filter({ hasText: "Are you sure?" });
      await confirm.getByText("You won’t be able to revert this!").waitFor();
      await confirm.getByRole("button", { name: "Yes, delete it!" }).click();
    };

    // `agent` is the agent of demo passports: the server refuses, and says why on a line of its own.
    await deleteFromForm(DEMO.agent.username);
    const failed = alertTitled(page, "Failed!");
    const lines = failed.locator(".ant-modal-confirm-content > div");
    await expect.poll(() => lines.allInnerTexts()).toEqual(["User could not be deleted.", expect.stringMatching(/^This user is the agent of \d+ passport\(s\)/)]);
    await failed.getByRole("button", { name: "OK" }).click();
    await failed.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/super-admin\/\d+\/update-user$/);

    await menuLinkOf(page, "User List").click();
    await deleteFromForm(spare);
    const deleted = alertTitled(page, "Deleted!");
    await deleted.getByText("User has been deleted.").waitFor();
    await page.waitForURL((url) => url.pathname === "/dashboard/super-admin/user-list");
    await deleted.getByRole("button", { name: "OK" }).click();
    await rowOf(page, DEMO.agent2.username).waitFor();
    await rowOf(page, spare).waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: `Edit ${DEMO.agent.username}`, exact: true }).count()).toBe(1);
  });
});

describe("agent screens (spec §2, §6)", () => {
  it("an agent sees only its own passports in its three lists, with no action buttons", async () => {
    const agentId = await userIdOf(DEMO.agent);
    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    for (const [menu, status] of [
      ["Pending", "PENDING"],
      ["Approved", "APPROVED"],
      ["Rejected", "REJECTED"],
    ] as const) {
      const own = await apiGet<PageOf<Passport>>(
        DEMO.superAdmin,
        `/api/passport/filter-agent-specific-passports/${agentId}?isSuperAdminApproved=${status}&size=100`,
      );
      const all = await apiGet<PageOf<Passport>>(DEMO.superAdmin, `/api/passport/filter?isSuperAdminApproved=${status}&size=1`);
      expect(all.totalElements).toBeGreaterThan(own.totalElements);

      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: menu }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/agent/${menu.toLowerCase()}`);
      await page.getByRole("heading", { name: `${menu} Passports`, level: 1 }).waitFor();
      await expect.poll(() => footerTotal(page)).toBe(own.totalElements);
      const ownNumbers = new Set(own.content.map((p) => p.passportNo));
      const texts = await rows(page).allInnerTexts();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        expect([...ownNumbers].some((no) => text.includes(no))).toBe(true);
        expect(text).toContain(status);
      }
      // The only buttons in the rows are the attachment links; no agent dropdown.
      const buttons = await rows(page).getByRole("button").allInnerTexts();
      // Besides each name, which opens the passport's file (issue 14).
      const names = (await rows(page).locator("td:nth-child(2)").allInnerTexts()).map((name) => name.trim());
      expect(new Set(buttons.filter((text) => !names.includes(text.trim())))).toEqual(new Set(["View Attachments"]));
      expect(await page.getByText("Clear Agent").count()).toBe(0);
      expect(await rows(page).first().innerText()).toMatch(/Done|Processing/);
    }
  });

  it("the agent's rejected route (also an :agentDataType value) lists only REJECTED passports", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    await page.goto(`${server.url}/dashboard/agent/rejected`);
    await rows(page).first().waitFor();
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain("REJECTED");
  });
});

describe("top-bar search (issue 5)", () => {
  it("finds a passport by its number", async () => {
    const some = await apiGet<PageOf<Passport>>(DEMO.superAdmin, "/api/passport/filter?isSuperAdminApproved=PENDING&size=1");
    const target = some.content[0];
    const page = await open();
    await signIn(page, server.url, DEMO.superAdmin.username, DEMO.superAdmin.password);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill(target.passportNo);
    await search.press("Enter");
    await page.waitForURL((url) => url.pathname === "/dashboard/super-admin/passport-history");
    expect(new URL(page.url()).searchParams.get("passportNo")).toBe(target.passportNo);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain(target.fullName);
    await page.context().close();

    // An admin lands on the list of the passport's status (PENDING → Pending).
    const adminPage = await open();
    await signIn(adminPage, server.url, DEMO.admin.username, DEMO.admin.password);
    const adminSearch = adminPage.getByRole("searchbox", { name: "Search" });
    await adminSearch.fill(target.passportNo);
    await adminSearch.press("Enter");
    await adminPage.waitForURL((url) => url.pathname === "/dashboard/admin/pending" && url.searchParams.get("passportNo") === target.passportNo);
    await expect.poll(() => rows(adminPage).count()).toBe(1);
  });

  it("an agent finds one of its own passports by number, and not another agent's", async () => {
    const [agentId, otherId] = await Promise.all([userIdOf(DEMO.agent), userIdOf(DEMO.agent2)]);
    const own = (await apiGet<PageOf<Passport>>(DEMO.superAdmin, `/api/passport/filter-agent-specific-passports/${agentId}?isSuperAdminApproved=APPROVED&size=1`)).content[0];
    const others = (await apiGet<PageOf<Passport>>(DEMO.superAdmin, `/api/passport/filter-agent-specific-passports/${otherId}?isSuperAdminApproved=PENDING&size=1`)).content[0];
    const page = await open();
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();
    const search = page.getByRole("searchbox", { name: "Search" });

    // Its own APPROVED passport: the Approved list opens filtered to it.
    await search.fill(own.passportNo);
    await search.press("Enter");
    await page.waitForURL((url) => url.pathname === "/dashboard/agent/approved" && url.searchParams.get("passportNo") === own.passportNo);
    await page.getByRole("heading", { name: "Approved Passports", level: 1 }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rowOf(page, own.passportNo).innerText()).toContain(own.fullName);

    // Another agent's passport is not among what this agent may see.
    await search.fill(others.passportNo);
    await search.press("Enter");
    await page.getByText(`No passport found for "${others.passportNo}".`).waitFor();
    expect(new URL(page.url()).searchParams.get("passportNo")).toBe(own.passportNo);
  });
});

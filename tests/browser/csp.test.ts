/**
 * The built app under its Content-Security-Policy (issue 11 point 7): each role signs in, walks every
 * screen of its menu and the profile, and opens modals (attachments with their PDF frame and image,
 * the passport form with a dropdown and a date picker), without a single CSP violation, whether
 * reported as a securitypolicyviolation event or on the console (frames included).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Attachments, type Envelope, fillPath, PATHS } from "../../src/contract";
import { DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

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

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every CSP violation of the page from its first script on: events, and console reports. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute|frame)/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}: ${e.sample}`),
    );
  });
  return async () => [...(await page.evaluate(() => window.cspViolations)), ...consoleReports];
}

/** Waits until the screen has no spinner or skeleton left. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator(".ant-spin-spinning, .ant-skeleton-active").count()).toBe(0);
}

/** Whether passport `id` has a stored document, asked of the server with `token`. */
async function hasDocuments(token: string, id: number): Promise<boolean> {
  const reply = await server.app.inject({ method: "GET", url: fillPath(PATHS.attachments, { id }), headers: { authorization: `Bearer ${token}` } });
  return Object.values(reply.json<Envelope<Attachments>>().replyMessage ?? {}).some((file) => file?.data);
}

/**
 * Opens View Attachments on a row of the current list whose passport has documents (the demo data
 * gives them to every tenth passport; the server says which rows, so one modal is opened, not one per
 * row), sees its PDF frames and image, then closes it. Goes on to the next pages if need be.
 */
async function openAttachmentsWithDocuments(page: Page, account: { username: string; password: string }): Promise<void> {
  const login = await server.app.inject({ method: "POST", url: PATHS.login, payload: account });
  const token = login.json<Envelope<{ token: string }>>().replyMessage!.token;
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    await rows.first().waitFor();
    await settled(page);
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row-key"))));
    let withDocuments: number | undefined;
    for (const id of ids) if (withDocuments === undefined && (await hasDocuments(token, id))) withDocuments = id;
    if (withDocuments !== undefined) {
      await page.locator(`tr[data-row-key="${withDocuments}"]`).getByRole("button", { name: "View Attachments" }).click();
      const modal = page.getByRole("dialog", { name: "Attachments" });
      // The documents arrive after the modal opens: each PDF in a frame with its address, the photo drawn.
      await modal.locator("iframe").first().waitFor();
      await expect.poll(() => modal.locator("iframe").evaluateAll((frames) => frames.every((f) => (f as HTMLIFrameElement).src.length > 0))).toBe(true);
      await expect.poll(() => modal.locator("img").evaluateAll((images) => images.length > 0 && images.every((i) => (i as HTMLImageElement).complete))).toBe(true);
      // The close button moves while the modal opens and its documents are drawn: click it once it has
      // stayed in place.
      const close = modal.getByRole("button", { name: "Close" });
      let previous = "";
      await expect
        .poll(
          async () => {
            const now = JSON.stringify(await close.boundingBox());
            const still = now === previous;
            previous = now;
            return still;
          },
          { interval: 200 },
        )
        .toBe(true);
      await close.click();
      await modal.waitFor({ state: "hidden" });
      return;
    }
    const next = page.locator(".ant-pagination-next:not(.ant-pagination-disabled)");
    if ((await next.count()) === 0) break;
    await next.click();
    await expect.poll(() => rows.first().getAttribute("data-row-key")).not.toBe(String(ids[0]));
  }
  throw new Error("No passport on the first five pages of this list has documents");
}

/** Opens the passport form (Add Passport / Create Client Info), its Agent dropdown and a date picker. */
async function openPassportForm(page: Page, button: string, title: string): Promise<void> {
  await page.getByRole("button", { name: button }).click();
  const modal = page.getByRole("dialog", { name: title });
  await modal.getByLabel("Full Name").waitFor();
  await modal.getByLabel("Agent", { exact: true }).click();
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").first().waitFor();
  await modal.getByLabel("Date of Birth", { exact: true }).click();
  await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").first().waitFor();
  await modal.getByRole("button", { name: "Close" }).click();
  await modal.waitFor({ state: "hidden" });
}

/** Clicks every link of the main menu in turn, each screen left to load, then opens the profile. */
async function walkMenuAndProfile(page: Page): Promise<number> {
  const links = page.getByRole("navigation", { name: "Main menu" }).getByRole("link");
  await links.first().waitFor();
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const href = await links.nth(i).getAttribute("href");
    await links.nth(i).click();
    await page.waitForURL((url) => url.pathname === href);
    await settled(page);
  }
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await page.waitForURL(/\/profile/);
  await settled(page);
  return count;
}

describe("the app under its Content-Security-Policy", () => {
  it("is served with a nonce-based policy and no inline exception", async () => {
    const page = await open();
    const response = await page.goto(`${server.url}/signin`);
    const policy = response!.headers()["content-security-policy"];
    expect(policy).toMatch(/style-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(policy).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // antd's style elements carry the page's nonce.
    const styles = await page.evaluate(() => {
      const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
      return { nonce, styles: Array.from(document.querySelectorAll("style")).map((s) => s.nonce === nonce) };
    });
    expect(styles.nonce).toBeTruthy();
    expect(styles.styles.length).toBeGreaterThan(0);
    expect(styles.styles.every(Boolean)).toBe(true);
  });

  it.each([
    ["super admin", DEMO.superAdmin, { button: "Add Passport", title: "Add Passport" }],
    ["admin", DEMO.admin, undefined],
    ["agent", DEMO.agent, undefined],
  ])("the %s walks every screen and opens modals without a violation", async (_role, account, passportForm) => {
    const page = await open();
    const violations = await watchCsp(page);
    await signIn(page, server.url, account.username, account.password);
    await settled(page);
    expect(await walkMenuAndProfile(page)).toBeGreaterThanOrEqual(3);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Pending", exact: true }).click();
    await settled(page);
    await openAttachmentsWithDocuments(page, account);
    if (passportForm) await openPassportForm(page, passportForm.button, passportForm.title);
    expect(await violations()).toEqual([]);

    // The watch itself works: markup injected into the page is refused and reported.
    await page.evaluate(() => {
      const injected = document.createElement("div");
      injected.innerHTML = "<style>body { color: red }</style>";
      document.body.append(injected);
      injected.remove();
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^style-src-elem blocked inline/), expect.stringMatching(/Content Security Policy/)]);
  });

  it("the admin's Create Client Info form opens without a violation", async () => {
    const page = await open();
    const violations = await watchCsp(page);
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Agent Data Entry" }).click();
    await settled(page);
    await openPassportForm(page, "Create Client Info", "Add Passport");
    expect(await violations()).toEqual([]);
  });

  it("a declared resource's form, record page and stored scan open without a violation (issue 26)", async () => {
    const page = await open();
    const violations = await watchCsp(page);
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Demand Letters" }).click();
    await settled(page);
    await page.getByRole("button", { name: "Create Demand Letter" }).click();
    const modal = page.getByRole("dialog", { name: "Create Demand Letter" });
    await modal.getByLabel("Employer", { exact: true }).click();
    await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option").first().waitFor();
    await modal.getByLabel("Issue Date", { exact: true }).click();
    await page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)").first().waitFor();
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
    // A letter with its scan: the demo data keeps some.
    for (const link of await page.getByRole("link", { name: /^Show / }).all()) {
      await link.click();
      await page.getByRole("list", { name: "Timeline" }).waitFor();
      const preview = page.getByRole("button", { name: /^Preview Letter/ });
      if ((await preview.count()) > 0) {
        await preview.click();
        await page.getByRole("dialog").locator("iframe").waitFor();
        break;
      }
      await page.goBack();
      await settled(page);
    }
    expect(await violations()).toEqual([]);
  });

  it("the API reference at /api/docs renders every operation, opens one and tries it, without a violation", async () => {
    const page = await open();
    const violations = await watchCsp(page);
    const response = await page.goto(`${server.url}/api/docs`);
    expect(response!.headers()["content-security-policy"]).not.toMatch(/unsafe-inline|unsafe-eval/);
    await expect.poll(() => page.locator(".opblock").count()).toBeGreaterThan(50);
    const login = page.locator(".opblock").filter({ hasText: "/auth/login" }).first();
    await login.locator(".opblock-summary").click();
    await login.getByRole("button", { name: "Try it out" }).click();
    await login.getByRole("button", { name: "Execute" }).click();
    await expect.poll(() => login.locator(".live-responses-table").innerText().catch(() => "")).toContain("401");
    expect(await violations()).toEqual([]);
  });
});

/**
 * Issue 28 in a real browser: the sign-in page in Bengali and the choice kept; a choice made before
 * signing in saved to the account and found again in a fresh browser; the admin's workflow (review,
 * milestones and dates, Mark as Done) and the super admin's final approval done in Bengali, with no
 * English left on those screens but the data; the Bengali font fetched in Bengali only. The controls
 * are found by their Bengali words, read from the app's catalogs (tests/browser/texts.ts).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_KINDS, EVENTS_PATH, LANGUAGES, MARITAL_STATUSES, MILESTONES, PASSPORT_STATUSES, ROLES, VISA_TYPES } from "../../src/contract";
import { DEMO, launchBrowser, type RunningServer, signIn, signInIn, startServer, usePage } from "./support";
import { textIn } from "./texts";

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
const bn = textIn("bn");

const BENGALI = /[\u0980-\u09FF]/;
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const toast = (page: Page) => page.locator(".ant-notification-notice").last();

// ------------------------------------------------------------------ what is left in English

/**
 * The contract's codes (statuses, visa types, marital statuses, roles...): the app shows each in
 * words of the language, so one seen as sent is a text left untranslated, not data.
 */
const CODES = new Set<string>([
  ...PASSPORT_STATUSES,
  ...VISA_TYPES,
  ...MARITAL_STATUSES,
  ...ROLES,
  ...LANGUAGES,
  ...MILESTONES.flatMap((m) => Object.values(m as Record<string, unknown>).filter((v): v is string => typeof v === "string")),
  ...DOCUMENT_KINDS.flatMap((d) => Object.values(d as Record<string, unknown>).filter((v): v is string => typeof v === "string")),
]);

/**
 * The server's data the page was sent (names, passport and phone numbers, usernames, slots, addresses,
 * comments typed by people): every string of every JSON reply's `replyMessage`, but the codes above,
 * dates (the app shows them in Bengali digits) and short numbers (amounts and counts, likewise).
 * The envelope's `message` and `errorMessage` are English by contract: never data.
 */
function collectData(context: BrowserContext): { strings: Set<string>; settled: () => Promise<void> } {
  const strings = new Set<string>();
  const pending: Promise<unknown>[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      const text = value.trim();
      if (text && !CODES.has(text) && !/^\d{4}-\d{2}-\d{2}/.test(text) && !/^\d{1,7}$/.test(text)) strings.add(text);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") for (const v of Object.values(value)) walk(v);
  };
  context.on("response", (response) => {
    if (!(response.headers()["content-type"] ?? "").includes("application/json")) return;
    pending.push(
      response
        .json()
        .then((body: { replyMessage?: unknown }) => walk(body?.replyMessage))
        .catch(() => undefined),
    );
  });
  return { strings, settled: async () => void (await Promise.all(pending)) };
}

/** Every text node on screen (its element rendered and not hidden), trimmed; the language switch's "English" apart. */
function textsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || !parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // The switch names each language in itself: "English" is meant.
      if (text === "English" && parent.closest("[data-testid=language-switch]")) continue;
      texts.push(text);
    }
    return texts;
  });
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Passport, phone, NID and slot numbers: a few capitals then digits, or a long run of digits. */
const IDENTIFIER = /\+?\b[A-Z]{0,4}[-\d]*\d{5,}\b|\b[A-Z]+(-\d+)+\b/g;

/**
 * The texts on screen with Latin letters or Latin digits left once the data, e-mail addresses and
 * identifiers are taken out: English the app still shows, or numbers not in Bengali digits.
 */
async function englishLeft(page: Page, data: ReturnType<typeof collectData>): Promise<string[]> {
  await data.settled();
  const known = [...data.strings].sort((a, b) => b.length - a.length);
  return (await textsOnScreen(page)).filter((text) => {
    if (data.strings.has(text)) return false;
    let rest = text;
    for (const value of known) if (value.length > 1 && rest.includes(value)) rest = rest.split(value).join(" ");
    rest = rest.replace(EMAIL, " ").replace(IDENTIFIER, " ");
    return /[A-Za-z0-9]/.test(rest);
  });
}

// ------------------------------------------------------------------ sign-in

describe("the sign-in page in Bengali (issue 28)", () => {
  it("switches to Bengali on বাংলা: heading, labels, button and <html lang>; the choice survives a reload", async () => {
    const page = await open();
    await page.goto(`${server.url}/signin`);
    await page.getByRole("heading", { name: "Welcome Back!", level: 1 }).waitFor();
    expect(await lang(page)).toBe("en");

    const bangla = page.getByTestId("language-switch").getByRole("button", { name: "বাংলা", exact: true });
    await bangla.click();
    const inBengali = async () => {
      await page.getByRole("heading", { name: "আবার স্বাগতম!", level: 1 }).waitFor();
      await page.getByLabel("ইউজারনেম").waitFor();
      await page.getByLabel("পাসওয়ার্ড").waitFor();
      await page.getByRole("button", { name: "সাইন ইন" }).waitFor();
      expect(await lang(page)).toBe("bn");
      expect(await bangla.getAttribute("aria-pressed")).toBe("true");
    };
    await inBengali();
    const data = collectData(page.context());
    expect(await englishLeft(page, data)).toEqual([]);

    await page.reload();
    await inBengali();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("bn");
    expect(await englishLeft(page, data)).toEqual([]);
  });

  it("the check for English left finds it: the English sign-in page fails it", async () => {
    const page = await open();
    await page.goto(`${server.url}/signin`);
    await page.getByRole("heading", { name: "Welcome Back!", level: 1 }).waitFor();
    expect(await englishLeft(page, collectData(page.context()))).toEqual(expect.arrayContaining(["Welcome Back!", "Username", "Sign In"]));
  });

  it("downloads only the chosen language's texts: the sign-in page's part first, every screen's once signed in", async () => {
    const page = await open();
    const texts: string[] = [];
    page.on("request", (request) => {
      const file = new URL(request.url()).pathname.split("/").pop()!;
      if (/^(en|bn)-(start|rest)-/.test(file)) texts.push(file.replace(/-[\w-]{8}\.js$/, ""));
    });
    await page.addInitScript(() => localStorage.setItem("language", "bn"));
    await page.goto(`${server.url}/signin`);
    await page.getByRole("heading", { name: "আবার স্বাগতম!", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(texts).toEqual(["bn-start"]);
    // agent2: the account the next test saves Bengali to as well (the font's test wants agent in English).
    await signInIn(page, server.url, DEMO.agent2, "bn");
    await page.getByRole("navigation", { name: bn("Main menu") }).waitFor();
    expect([...new Set(texts)].sort()).toEqual(["bn-rest", "bn-start"]);
  });

  it("a choice made before signing in is saved to the account: a fresh browser signing in as the same user gets Bengali", async () => {
    const first = await open();
    await signInIn(first, server.url, DEMO.agent2, "bn");
    await toast(first).filter({ hasText: "সাইন ইন সফল হয়েছে" }).waitFor();
    expect(await lang(first)).toBe("bn");
    await first.context().close();

    // A new browser: nothing remembered, English preferred; the sign-in page shows English.
    const page = await open();
    expect(await page.evaluate(() => navigator.language)).toMatch(/^en/);
    await signIn(page, server.url, DEMO.agent2.username, DEMO.agent2.password);
    await expect.poll(() => lang(page)).toBe("bn");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("bn");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(BENGALI);
  });
});

// ------------------------------------------------------------------ the workflow in Bengali

describe("the admin's workflow and the super admin's approval in Bengali (issue 28)", () => {
  /** A pending passport of the seeded data, as the server lists it. */
  async function aPendingPassport(): Promise<{ fullName: string; passportNo: string }> {
    const login = await fetch(`${server.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO.admin),
    });
    const token = ((await login.json()) as { replyMessage: { token: string } }).replyMessage.token;
    const list = await fetch(`${server.url}/api/passport/get-pending-passports?page=0&size=5`, { headers: { authorization: `Bearer ${token}` } });
    const { content } = ((await list.json()) as { replyMessage: { content: { fullName: string; passportNo: string; isSuperAdminApproved: string }[] } }).replyMessage;
    const passport = content.find((p) => p.isSuperAdminApproved === "PENDING");
    if (!passport) throw new Error("the seeded data has no pending passport");
    return passport;
  }

  /** A passport list filtered to one passport (the filter is in the address), its one row drawn. */
  async function listOf(page: Page, path: string, passportNo: string) {
    await page.goto(`${server.url}${path}?passportNo=${passportNo}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.waitForFunction(() => !document.querySelector(".ant-spin-spinning, .ant-skeleton-active"));
    return rows(page).filter({ hasText: passportNo });
  }

  /** Presses the open confirmation's primary button ("হ্যাঁ"). */
  async function confirm(page: Page) {
    const yes = page.locator(".ant-popover:not(.ant-popover-hidden)").getByRole("button", { name: bn("Yes") });
    await yes.waitFor();
    await yes.click();
  }

  /** The screen has no English but its data, and its one heading is in Bengali. */
  async function allBengali(page: Page, data: ReturnType<typeof collectData>, screen: string) {
    expect(await page.getByRole("heading", { level: 1 }).innerText(), screen).toMatch(BENGALI);
    expect(await englishLeft(page, data), screen).toEqual([]);
  }

  it("admin reviews, records every milestone and date and marks it done; super admin approves; nothing but data in English", { timeout: 240_000 }, async () => {
    const passport = await aPendingPassport();

    const admin = await open();
    const adminData = collectData(admin.context());
    adminData.strings.add(DEMO.admin.username); // the user menu's name, from the token rather than a reply
    await signInIn(admin, server.url, DEMO.admin, "bn");

    // Review, after its confirmation; the toast in Bengali.
    let row = await listOf(admin, "/dashboard/admin/pending", passport.passportNo);
    await allBengali(admin, adminData, "admin pending");
    await row.getByRole("button", { name: bn(/^Review /) }).click();
    await confirm(admin);
    await toast(admin).waitFor();
    expect(await toast(admin).innerText()).toMatch(BENGALI);
    await allBengali(admin, adminData, "admin pending, reviewed");
    await row.waitFor({ state: "detached" });

    // Every milestone, then the visa and flight dates (typed in Latin digits, as the pickers take them).
    row = await listOf(admin, "/dashboard/admin/work-permit", passport.passportNo);
    await allBengali(admin, adminData, "work permit");
    const switches = row.getByRole("switch");
    expect(await switches.count()).toBe(MILESTONES.length);
    for (let i = 0; i < MILESTONES.length; i++) {
      const toggle = switches.nth(i);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
      await expect.poll(() => toggle.isDisabled()).toBe(false);
    }
    const dates = row.locator(".ant-picker input");
    for (const [i, value] of ["2026-01-15", "2027-01-14", "2026-03-01 10:30"].entries()) {
      const input = dates.nth(i);
      await expect.poll(() => input.isEnabled()).toBe(true);
      await input.click();
      await input.fill(value);
      await input.press("Enter");
      await expect.poll(() => input.inputValue()).toBe(["15/01/2026", "14/01/2027", "01/03/2026 10:30"][i]);
    }
    // The last picker's calendar closes (its day numbers are the picker's, as typed dates are Latin).
    await expect.poll(() => admin.locator(".ant-picker-dropdown:visible").count()).toBe(0);
    await allBengali(admin, adminData, "work permit, every milestone and date set");
    await row.getByRole("button", { name: bn(/^Mark as Done /) }).click();
    await confirm(admin);
    await row.waitFor({ state: "detached" });
    expect(await toast(admin).innerText()).toMatch(BENGALI);

    // The super admin approves it on Final Approval; it shows Approved, in Bengali.
    await admin.context().close();
    const superAdmin = await open();
    const superData = collectData(superAdmin.context());
    superData.strings.add(DEMO.superAdmin.username);
    await signInIn(superAdmin, server.url, DEMO.superAdmin, "bn");
    row = await listOf(superAdmin, "/dashboard/super-admin/final-approval", passport.passportNo);
    await allBengali(superAdmin, superData, "final approval");
    await row.getByRole("button", { name: bn(/^Approve /) }).click();
    await confirm(superAdmin);
    await row.waitFor({ state: "detached" });
    expect(await toast(superAdmin).innerText()).toMatch(BENGALI);
    await allBengali(superAdmin, superData, "final approval, approved");

    row = await listOf(superAdmin, "/dashboard/super-admin/approved", passport.passportNo);
    expect(await row.innerText()).toContain("অনুমোদিত");
    await allBengali(superAdmin, superData, "approved");
  });
});

// ------------------------------------------------------------------ the Bengali font

describe("the Bengali font (issue 28)", () => {
  const FONT = /noto-sans-bengali.*\.woff2$/;

  it("is not fetched in English, signed in or not", async () => {
    const page = await open();
    const fonts: string[] = [];
    page.context().on("request", (request) => void (FONT.test(new URL(request.url()).pathname) && fonts.push(request.url())));
    // Signed in, the live stream stays open, so the network is never idle: wait for the stream
    // (the last thing the signed-in app starts) and for the fonts the page uses instead.
    const stream = page.waitForRequest((request) => new URL(request.url()).pathname === EVENTS_PATH);
    await signIn(page, server.url, DEMO.agent.username, DEMO.agent.password);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await stream;
    await page.evaluate(() => document.fonts.ready);
    expect(await lang(page)).toBe("en");
    expect(fonts).toEqual([]);
    expect(await page.evaluate(() => [...document.fonts].filter((f) => f.family.includes("Bengali")).length)).toBe(0);
  });

  it("draws Bengali in Noto Sans Bengali (this machine has no Bengali font of its own), from a switch and after a reload", async () => {
    const page = await open();
    const fonts: string[] = [];
    page.context().on("requestfinished", (request) => void (FONT.test(new URL(request.url()).pathname) && fonts.push(new URL(request.url()).pathname)));
    await page.goto(`${server.url}/signin`);
    await page.getByRole("heading", { name: "Welcome Back!" }).waitFor();
    await page.getByTestId("language-switch").getByRole("button", { name: "বাংলা" }).click();

    const drawn = async () => {
      const heading = page.getByRole("heading", { name: "আবার স্বাগতম!", level: 1 });
      await heading.waitFor();
      await page.evaluate(() => document.fonts.ready);
      expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toContain("Noto Sans Bengali");
      // The heading (600) and the text (400) each in its face, loaded (from the system's copy or the download).
      await expect
        .poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Noto Sans Bengali" && f.status === "loaded").map((f) => f.weight).sort()))
        .toEqual(["400", "600"]);
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', "বাংলা"))).toBe(true);
    };
    await drawn();
    expect(fonts.map((f) => f.replace(/-[\w-]{8}\.woff2$/, ".woff2")).sort()).toEqual([
      "/assets/noto-sans-bengali-bengali-400-normal.woff2",
      "/assets/noto-sans-bengali-bengali-600-normal.woff2",
    ]);

    await page.reload();
    await drawn();
  });
});

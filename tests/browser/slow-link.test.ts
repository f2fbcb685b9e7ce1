/**
 * Issue 13 in a real browser: the app on a slow or absent network. A reload without network shows the
 * app's shell (from the service worker) and an offline notice, and the list comes back with the
 * network; an upload shows its progress per file and in total and can be cancelled without saving
 * anything; a 4 MB photo is sent as a JPEG under 500 kB and still shows in Attachments; an Add
 * Passport draft survives a reload and is offered back. One server and one browser for the file.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFLINE_NOTICE } from "../../src/components/OfflineNotice";
import { DRAFT_OFFER } from "../../src/components/passport-modals/AddPassportModal";
import { UPLOAD_CANCELLED } from "../../src/components/uploads";
import { type Attachments, type Envelope, type Page as ListPage, type Passport, PATHS } from "../../src/contract";
import { chooseOption, DEMO, launchBrowser, type RunningServer, signIn, startServer, usePage } from "./support";

let server: RunningServer;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const login = await server.app.inject({ method: "POST", url: "/auth/login", payload: DEMO.admin });
  adminToken = login.json<Envelope<{ token: string }>>().replyMessage!.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = usePage(() => browser);

/** Pending passports whose full name is `fullName`, as the server has them. */
async function passportsNamed(fullName: string): Promise<Passport[]> {
  const reply = await server.app.inject({
    method: "GET",
    url: `${PATHS.filter}?isSuperAdminApproved=PENDING&page=0&size=50&fullName=${encodeURIComponent(fullName)}`,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return reply.json<Envelope<ListPage<Passport>>>().replyMessage?.content ?? [];
}

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).first();

/** A PDF of about `bytes` bytes (a valid header, then padding the server does not read). */
function pdfOf(bytes: number): Buffer {
  const head = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n";
  return Buffer.concat([Buffer.from(head), Buffer.alloc(Math.max(0, bytes - head.length - 6), 0x25), Buffer.from("%%EOF\n")]);
}

async function typeDate(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
}

/** Opens Agent Data Entry's Add Passport form and fills every field (no documents). */
async function startPassport(page: Page, fullName: string, passportNo: string): Promise<Locator> {
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Agent Data Entry", exact: true }).click();
  await page.getByRole("heading", { name: "Agent Data Entry", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Create Client Info" }).click();
  const modal = page.getByRole("dialog", { name: "Add Passport" });
  await modal.getByLabel("Full Name").fill(fullName);
  await modal.getByLabel("Passport No").fill(passportNo);
  await modal.getByLabel("Father's Name").fill("Karim Slow");
  await modal.getByLabel("Mother's Name").fill("Salma Slow");
  await modal.getByLabel("Schooling").fill("HSC");
  await modal.getByLabel("Phone").fill("01711000999");
  await modal.getByLabel("Contract Amount (BDT)").fill("300000");
  await typeDate(modal, "Passport Issue Date", "2024-03-01");
  await typeDate(modal, "Passport Expire Date", "2034-02-28");
  await typeDate(modal, "Date of Birth", "1995-05-20");
  await chooseOption(modal, "Agent", DEMO.agent.username);
  await chooseOption(modal, "Slot Number", "SLOT-2026-02");
  return modal;
}

describe("without a network (issue 13)", () => {
  it("a reload shows the app's shell and an offline notice; the list comes back with the network", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    await rows(page).first().waitFor();
    // The service worker has kept the app once it is active.
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: 60_000 }).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    // The list's live notice is a status region too (empty until new rows wait).
    await expect.poll(() => page.getByRole("status").filter({ hasText: OFFLINE_NOTICE }).textContent()).toBe(OFFLINE_NOTICE);
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    expect(await rows(page).count()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0);
  });
});

describe("the first screen (issue 13)", () => {
  it("shows a returning user's list from its data before the app's code (React's too) has loaded, then the app takes over with that reply", async () => {
    // No service worker here, so that the test can hold back the app's code.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: "block" });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
      const listPath = "/dashboard/admin/pending?fullName=Md&size=20";
      await page.goto(`${server.url}${listPath}`);
      const expected = (await passportsNamed("Md")).slice(0, 20).map((p) => p.fullName);
      expect(expected.length).toBeGreaterThan(10);
      await expect.poll(() => rows(page).count()).toBe(expected.length);

      const listRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes(PATHS.filter)) listRequests.push(request.url());
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // React's code too: the first screen is drawn without it.
      await page.route(/\/assets\/(SignedInApp|react)-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();

      const firstScreen = page.locator("[data-first-screen]");
      await expect.poll(() => firstScreen.locator("[data-first-screen-row]").count()).toBe(expected.length);
      expect(await firstScreen.getByText("Pending Passports", { exact: true }).count()).toBe(1);
      for (const name of expected) expect(await firstScreen.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
      expect(await rows(page).count()).toBe(0);
      // A picture, not the screen: a click on a name opens nothing.
      await firstScreen.getByText(expected[0], { exact: true }).first().click({ force: true });
      expect(page.url()).toBe(`${server.url}${listPath}`);

      release();
      await expect.poll(() => rows(page).count()).toBe(expected.length);
      expect(await firstScreen.count()).toBe(0);
      expect(await rows(page).first().getByRole("button", { name: expected[0], exact: true }).count()).toBe(1);
      // One request for the list: the app used the first screen's reply.
      expect(listRequests).toHaveLength(1);
      expect(new URL(listRequests[0]).searchParams.get("fullName")).toBe("Md");
      expect(new URL(listRequests[0]).searchParams.get("size")).toBe("20");
    } finally {
      await context.close();
    }
  });
});

describe("antd's start-up CSS (issue 13)", () => {
  it("a signed-in start-up is styled from the build's file for the role: antd writes none of its own", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: "block" });
    try {
      const page = await context.newPage();
      await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
      await page.goto(`${server.url}/dashboard/admin/pending`);
      await expect.poll(() => rows(page).count()).toBe(10);
      const styles = await page.evaluate(() => ({
        files: [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map((link) => new URL(link.href).pathname),
        written: document.querySelectorAll("style[data-css-hash]").length,
      }));
      expect(styles.files.filter((file) => /^\/assets\/antd-admin-[\w-]+\.css$/.test(file))).toHaveLength(1);
      expect(styles.written).toBe(0);
      // Styled all the same: the selected menu item in the admin's green (antd's rule, from the file).
      const selected = page.getByTestId("sidebar").locator(".ant-menu-item-selected");
      expect(await selected.evaluate((item) => getComputedStyle(item).backgroundColor)).toBe("rgb(35, 120, 4)");
      expect(await rows(page).first().locator("td").first().evaluate((cell) => getComputedStyle(cell).paddingTop)).toBe("8px");
    } finally {
      await context.close();
    }
  });
});

describe("uploads on a slow uplink (issue 13)", () => {
  it("show their progress per file and in total; Cancel stops the upload and saves nothing", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    const modal = await startPassport(page, "Cancelled Upload", "CU7654321");
    await modal.getByLabel("1 Educational Certificates").setInputFiles({ name: "certificate.pdf", mimeType: "application/pdf", buffer: pdfOf(600_000) });
    await modal.getByLabel("3 Police Clearance").setInputFiles({ name: "police.pdf", mimeType: "application/pdf", buffer: pdfOf(600_000) });

    // 1.2 MB at 200 kB/s: long enough to watch and cancel.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 50, downloadThroughput: 1_000_000, uploadThroughput: 200_000 });
    await modal.getByRole("button", { name: "Submit" }).click();

    const progress = modal.getByRole("group", { name: "Upload progress" });
    await progress.getByText("certificate.pdf").waitFor();
    await progress.getByText("police.pdf").waitFor();
    await progress.getByRole("progressbar", { name: "Total upload progress" }).waitFor();
    await progress.getByRole("progressbar", { name: "certificate.pdf upload progress" }).waitFor();
    // Something has gone, not everything.
    await expect.poll(async () => Number(await progress.getByRole("progressbar", { name: "Total upload progress" }).getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    expect(Number(await progress.getByRole("progressbar", { name: "Total upload progress" }).getAttribute("aria-valuenow"))).toBeLessThan(100);

    await progress.getByRole("button", { name: "Cancel Upload" }).click();
    await toast(page, UPLOAD_CANCELLED).waitFor();
    await progress.waitFor({ state: "detached" });
    // The form is still there to try again.
    expect(await modal.getByLabel("Full Name").inputValue()).toBe("Cancelled Upload");
    expect(await passportsNamed("Cancelled Upload")).toEqual([]);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });

  it("send a 4 MB photo as a JPEG under 500 kB that still shows in Attachments", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    // A phone photo: 3000×4000, detailed enough to weigh about 4 MB as a JPEG.
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(3000, 4000);
        const context = canvas.getContext("2d")!;
        const image = context.createImageData(3000, 4000);
        let seed = 7;
        for (let i = 0; i < image.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const shade = ((i / 4) % 3000) / 12 + (seed % 96);
          image.data.set([shade, (shade * 0.8) % 256, 160 + (seed % 64), 255], i);
        }
        context.putImageData(image, 0, 0);
        context.fillStyle = "#000";
        context.font = "160px sans-serif";
        context.fillText("PASSPORT A01234567", 200, 2000);
        const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      }),
      "base64",
    );
    expect(photo.length).toBeGreaterThan(3_500_000);

    const modal = await startPassport(page, "Large Photo", "LP1234567");
    await modal.getByLabel("2 Photo").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    // Shown as done once the smaller copy has replaced it.
    await modal.locator(".ant-upload-list-item-done").filter({ hasText: "photo.jpg" }).waitFor({ timeout: 30_000 });
    await modal.getByRole("button", { name: "Submit" }).click();
    await toast(page, "Passport Added Successfully").waitFor();

    const [saved] = await passportsNamed("Large Photo");
    const reply = await server.app.inject({ method: "GET", url: `/api/passport/${saved.id}/get-attachments`, headers: { authorization: `Bearer ${adminToken}` } });
    const stored = reply.json<Envelope<Attachments>>().replyMessage!.recentPicWithWhiteBackgroundPDF!;
    expect(stored.contentType).toBe("image/jpeg");
    const bytes = Buffer.from(stored.data, "base64");
    expect(bytes.length).toBeLessThan(500_000);
    expect(bytes.length).toBeGreaterThan(50_000);

    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Pending", exact: true }).click();
    await page.getByRole("heading", { name: "Pending Passports", level: 1 }).waitFor();
    await page.getByLabel("Filter Full Name").first().click();
    await page.getByLabel("Search Full Name").fill("Large Photo");
    await page.getByLabel("Search Full Name").press("Enter");
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByRole("button", { name: "View Attachments" }).click();
    const attachments = page.getByRole("dialog", { name: "Attachments" });
    const image = attachments.locator("img");
    await image.waitFor();
    // Still a sizeable picture: the long side is at least 1200 px.
    const size = await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(Math.max(...size)).toBeGreaterThanOrEqual(1200);
  });
});

describe("Add Passport drafts (issue 13)", () => {
  it("survive a reload and are offered back", async () => {
    const page = await open();
    await signIn(page, server.url, DEMO.admin.username, DEMO.admin.password);
    const modal = await startPassport(page, "Draft Keeper", "DK1234567");
    await modal.getByLabel("1 Educational Certificates").setInputFiles({ name: "draft-certificate.pdf", mimeType: "application/pdf", buffer: pdfOf(20_000) });
    await modal.getByText("draft-certificate.pdf").waitFor();
    // Kept after a short pause: wait until IndexedDB holds the draft with its file.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const request = indexedDB.open("keyval-store");
              request.onsuccess = () => {
                const all = request.result.transaction("keyval").objectStore("keyval").getAll();
                all.onsuccess = () => resolve(all.result.some((draft) => draft?.files?.educational?.[0]?.name === "draft-certificate.pdf"));
                all.onerror = () => resolve(false);
              };
              request.onerror = () => resolve(false);
            }),
        ),
      )
      .toBe(true);

    await page.reload();
    await page.getByRole("heading", { name: "Agent Data Entry", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Create Client Info" }).click();
    const again = page.getByRole("dialog", { name: "Add Passport" });
    await again.getByText(DRAFT_OFFER).waitFor();
    expect(await again.getByLabel("Full Name").inputValue()).toBe("");
    await again.getByRole("button", { name: "Restore" }).click();
    await expect.poll(() => again.getByLabel("Full Name").inputValue()).toBe("Draft Keeper");
    expect(await again.getByLabel("Passport No").inputValue()).toBe("DK1234567");
    await again.getByText("draft-certificate.pdf").waitFor();
    expect(await again.getByText(DRAFT_OFFER).count()).toBe(0);

    // Saved: the draft is gone, nothing is offered next time.
    await again.getByRole("button", { name: "Submit" }).click();
    await toast(page, "Passport Added Successfully").waitFor();
    expect(await passportsNamed("Draft Keeper")).toHaveLength(1);
    await page.getByRole("button", { name: "Create Client Info" }).click();
    const fresh = page.getByRole("dialog", { name: "Add Passport" });
    await fresh.getByLabel("Full Name").waitFor();
    expect(await fresh.getByText(DRAFT_OFFER).count()).toBe(0);
  });
});

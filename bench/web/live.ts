/**
 * Issue 29's "a change by someone else shows within 2 s", timed in Chromium on the slow link: an admin
 * has Pending and the Overview open (two throttled tabs, the app's live stream connected); another
 * session of the admin reviews the passport at the top of Pending through the API. Timed from the
 * review's reply (its commit) to the frame where the row starts to leave (it fades out, docs/live-app.md)
 * and to the frame where the Overview's Pending count is one lower. Both clocks are this machine's.
 */
import type { BrowserContext, Page } from "playwright-core";
import { EVENTS_PATH, fillPath, PATHS } from "../../src/contract";
import { READY, USABLE } from "./conditions";
import { visit } from "./visit";

export interface LiveMetrics {
  /** From the review's reply to the row starting to leave the other tab's Pending. */
  rowLeavesMs: number;
  /** From the review's reply to the Overview's Pending count dropping by one. */
  overviewCountMs: number;
}

const PENDING_LINK = `a[aria-label^="Pending review: "]`;
const OVERVIEW_USABLE = `document.querySelector('${PENDING_LINK}') !== null`;

/** Resolves once the tab's live stream has answered (its `ready`), so the change cannot come before it listens. */
async function streamOpen(page: Page): Promise<void> {
  await page.waitForResponse((response) => new URL(response.url()).pathname === EVENTS_PATH, { timeout: 60_000 });
}

/** Watches every frame from now on; `condition` (page code) is true once the change shows. Records the wall-clock time then. */
async function watch(page: Page, name: string, condition: string): Promise<void> {
  await page.evaluate(`(() => {
    const seen = (window.__live ??= {});
    seen[${JSON.stringify(name)}] = null;
    const check = () => {
      try { if (${condition}) { seen[${JSON.stringify(name)}] = performance.timeOrigin + performance.now(); return; } } catch {}
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
}

async function seenAt(page: Page, name: string, timeoutMs = 30_000): Promise<number> {
  // A function, not a string: the app's CSP forbids the eval Playwright would use for a string.
  const handle = await page.waitForFunction(
    (key) => {
      const at = (window as { __live?: Record<string, number | null> }).__live?.[key];
      return typeof at === "number" ? at : false;
    },
    name,
    { timeout: timeoutMs, polling: 100 },
  );
  return Number(await handle.jsonValue());
}

export async function liveChange(context: BrowserContext, baseUrl: string, reviewerToken: string): Promise<LiveMetrics> {
  const api = async (path: string, method = "GET") => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${reviewerToken}` } });
    const at = Date.now();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return { at, body: await response.json() };
  };
  const top = (await api(`${PATHS.pendingPassports}?page=0&size=1`)).body.replyMessage.content[0] as { id: number; passportNo: string };

  const pendingStream = context.waitForEvent("page").then(streamOpen);
  const pending = (await visit(context, `${baseUrl}/dashboard/admin/pending`, USABLE.tenRows, READY.tenRows)).page;
  await pendingStream;
  const overviewStream = context.waitForEvent("page").then(streamOpen);
  const overview = (await visit(context, `${baseUrl}/dashboard/admin/overview`, OVERVIEW_USABLE)).page;
  await overviewStream;
  try {
    const no = JSON.stringify(top.passportNo);
    const staying = `[...document.querySelectorAll(".ant-table-tbody tr.ant-table-row:not(.live-row-leaving)")].some((row) => row.textContent.includes(${no}))`;
    if (!(await pending.evaluate(staying))) throw new Error(`Passport ${top.passportNo} is not in the admin's first page of Pending`);
    const count = `Number(/(\\d+)$/.exec(document.querySelector('${PENDING_LINK}')?.getAttribute("aria-label") ?? "")?.[1])`;
    const before = Number(await overview.evaluate(count));
    await watch(pending, "rowLeaves", `!(${staying})`);
    await watch(overview, "overviewCount", `${count} === ${before - 1}`);

    const committed = (await api(fillPath(PATHS.review, { id: top.id }), "PUT")).at;
    const [rowLeavesAt, overviewCountAt] = await Promise.all([seenAt(pending, "rowLeaves"), seenAt(overview, "overviewCount")]);
    return { rowLeavesMs: Math.round(rowLeavesAt - committed), overviewCountMs: Math.round(overviewCountAt - committed) };
  } finally {
    await pending.close();
    await overview.close();
  }
}

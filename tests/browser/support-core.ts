/**
 * What browser tests and the screen measurements (bench/ui.ts) share, free of Vitest: Debian's
 * Chromium driven by playwright-core, and the demo accounts.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. The browser tests drive Debian's Chromium: install it ` +
        "(apt-get install chromium) or point CHROMIUM_PATH at a Chromium executable.",
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export const DEMO = {
  superAdmin: { username: "superadmin", password: "superadmin123" },
  admin: { username: "admin", password: "admin123" },
  agent: { username: "agent", password: "agent123" },
  agent2: { username: "agent2", password: "agent123" },
} as const;

/** The demo account that signs in as each role. */
export const DEMO_BY_ROLE = { AGENT: DEMO.agent, ADMIN: DEMO.admin, SUPER_ADMIN: DEMO.superAdmin } as const;

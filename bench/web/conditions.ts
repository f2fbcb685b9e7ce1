/**
 * The slow mobile link of issue 13, which is also Lighthouse's mobile setting: 150 ms round trip,
 * 1.6 Mbps down, 750 kbps up, the CPU slowed 4 times.
 */
export const LINK = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

/** What "usable" means on each screen, checked on every frame in the page. */
export const USABLE = {
  /** The Sign In button is on screen and can be pressed. */
  signIn: `[...document.querySelectorAll("button")].some((b) => b.textContent.trim() === "Sign In" && !b.disabled && !b.classList.contains("ant-btn-loading"))`,
  /**
   * Ten passports are on screen: table rows, or the cards that replace them on a phone, drawn by the
   * app or, before it has loaded, by its first screen (src/first-screen).
   */
  tenRows: `document.querySelectorAll("[data-first-screen-row]").length >= 10 || document.querySelectorAll(".ant-table-tbody tr.ant-table-row, [data-testid=passport-card]").length >= 10`,
} as const;

/** When the screen is the app's own, controls and all (same as USABLE where no first screen stands in). */
export const READY = {
  /** The app's table (or cards) shows ten passports, with their buttons. */
  tenRows: `!document.querySelector("[data-first-screen]") && document.querySelectorAll(".ant-table-tbody tr.ant-table-row, [data-testid=passport-card]").length >= 10`,
} as const;

/** Debian's Chromium with the browser tests' switches (tests/browser/support-core.ts). */
export { CHROMIUM as CHROMIUM_PATH, CHROMIUM_ARGS } from "../../tests/browser/support-core";

/** Where the API lives: VITE_API_URL when set, otherwise the origin that served the app. (`env?.`: the build reads
 * this module in Node too, where there is no import.meta.env; scripts/antd-startup-styles.ts.) */
export const API_BASE_URL: string = (import.meta.env?.VITE_API_URL ?? "").replace(/\/+$/, "");

/** Spec §4: start-up goes on after this long even if restoring the saved session hangs. */
export const RESTORE_TIMEOUT_MS = 5000;

/** Spec §9 notification area. */
export const NOTIFICATION_MAX_COUNT = 3;
export const NOTIFICATION_DURATION_SECONDS = 4;
export const NOTIFICATION_WIDTH_PX = 356;
/** Space between toasts. */
export const NOTIFICATION_GAP_PX = 14;
/** Distance of the first toast from the top of the window. */
export const NOTIFICATION_OFFSET_PX = 32;

/** Spec §2/§9: below this window width the sidebar becomes a slide-in menu. */
export const SIDEBAR_BREAKPOINT_PX = 1120;

/** Below this window width (phones) passport lists show as cards and the top bar keeps to one row. */
export const PHONE_BREAKPOINT_PX = 600;

export const DEFAULT_WORK_PERMIT_STATUS_URL = "https://www.bmet.gov.bd/";

/**
 * Spec §2 Work Permit Table: the public government page where a work permit's status is checked.
 * VITE_WORK_PERMIT_STATUS_URL replaces it at build time, should the government move the page.
 */
export const WORK_PERMIT_STATUS_URL: string = import.meta.env?.VITE_WORK_PERMIT_STATUS_URL || DEFAULT_WORK_PERMIT_STATUS_URL;

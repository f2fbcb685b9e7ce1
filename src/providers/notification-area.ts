/**
 * The notification area of spec §9 around antd's notifications: a region labelled "Notifications"
 * that antd renders its toasts into, close buttons labelled "Close toast", and Alt+T to reach the
 * newest toast from the keyboard.
 */
import {
  NOTIFICATION_DURATION_SECONDS,
  NOTIFICATION_GAP_PX,
  NOTIFICATION_MAX_COUNT,
  NOTIFICATION_OFFSET_PX,
  NOTIFICATION_WIDTH_PX,
} from "../config";
import { onLanguageChange, t } from "../i18n/i18n";

/** The spec's English names; shown in the user's language (shell.notifications, shell.closeToast). */
export const NOTIFICATIONS_LABEL = "Notifications";
export const CLOSE_TOAST_LABEL = "Close toast";

const NOTICE = ".ant-notification-notice";
const LIVE_WRAPPER = ".ant-notification-notice-wrapper:not(.ant-notification-fade-leave)";

let region: HTMLElement | undefined;
/** The region follows a change of language (issue 28); one listener for the page's life. */
let relabelOnLanguageChange: (() => void) | undefined;

/** antd's close button is labelled "Close" and takes no label per call; relabel each one as it appears. */
function labelCloseButtons(root: HTMLElement) {
  const label = t("shell.closeToast");
  for (const button of root.querySelectorAll(`${NOTICE}-close`)) {
    if (button.getAttribute("aria-label") !== label) button.setAttribute("aria-label", label);
  }
}

/** The region element antd's notifications are rendered into (antd's `getContainer`); made on first use. */
export function notificationRegion(): HTMLElement {
  if (region?.isConnected) return region;
  const element = document.createElement("div");
  element.setAttribute("role", "region");
  element.setAttribute("aria-label", t("shell.notifications"));
  element.tabIndex = -1;
  document.body.appendChild(element);
  new MutationObserver(() => labelCloseButtons(element)).observe(element, { childList: true, subtree: true });
  relabelOnLanguageChange ??= onLanguageChange(() => {
    if (!region) return;
    region.setAttribute("aria-label", t("shell.notifications"));
    labelCloseButtons(region);
  });
  region = element;
  return element;
}

/** Alt+T (by key position, so it also works where Alt+T types a character, as on macOS). */
export function isNotificationHotkey(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === "KeyT";
}

/** Moves focus to the newest toast still showing, or to the region when there is none. */
export function focusNewestNotification(): void {
  const area = notificationRegion();
  const wrappers = area.querySelectorAll<HTMLElement>(LIVE_WRAPPER);
  const newest = wrappers[wrappers.length - 1]?.querySelector<HTMLElement>(NOTICE);
  const target = newest ?? area;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
}

/** Toasts' width and the space between them (antd spaces notices by its `margin` token). */
export const NOTIFICATION_TOKENS = { Notification: { width: NOTIFICATION_WIDTH_PX, margin: NOTIFICATION_GAP_PX } };

/**
 * Spec §2/§8/§9 notification area: top centre, 32 px down, at most 3 visible, 4000 ms, inside the
 * region labelled "Notifications". Unstacked, so every visible toast shows in full with the gap
 * between them (antd's stack overlaps them and spaces them by the global margin).
 */
export const NOTIFICATION_OPTIONS = {
  placement: "top",
  top: NOTIFICATION_OFFSET_PX,
  maxCount: NOTIFICATION_MAX_COUNT,
  duration: NOTIFICATION_DURATION_SECONDS,
  stack: false,
  getContainer: notificationRegion,
} as const;

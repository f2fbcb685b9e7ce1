/**
 * The notification area of spec §9 around antd's notifications: a region labelled "Notifications"
 * that antd renders its toasts into, close buttons labelled "Close toast", and Alt+T to reach the
 * newest toast from the keyboard.
 */
export const NOTIFICATIONS_LABEL = "Notifications";
export const CLOSE_TOAST_LABEL = "Close toast";

const NOTICE = ".ant-notification-notice";
const LIVE_WRAPPER = ".ant-notification-notice-wrapper:not(.ant-notification-fade-leave)";

let region: HTMLElement | undefined;

/** antd's close button is labelled "Close" and takes no label per call; relabel each one as it appears. */
function labelCloseButtons(root: HTMLElement) {
  for (const button of root.querySelectorAll(`${NOTICE}-close`)) {
    if (button.getAttribute("aria-label") !== CLOSE_TOAST_LABEL) button.setAttribute("aria-label", CLOSE_TOAST_LABEL);
  }
}

/** The region element antd's notifications are rendered into (antd's `getContainer`); made on first use. */
export function notificationRegion(): HTMLElement {
  if (region?.isConnected) return region;
  const element = document.createElement("div");
  element.setAttribute("role", "region");
  element.setAttribute("aria-label", NOTIFICATIONS_LABEL);
  element.tabIndex = -1;
  document.body.appendChild(element);
  new MutationObserver(() => labelCloseButtons(element)).observe(element, { childList: true, subtree: true });
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

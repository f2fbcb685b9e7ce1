import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { App } from "antd";
import { ALREADY_REPORTED_MESSAGES, errorText } from "./http-errors";

/**
 * Refine's own error toasts: "Error (status code: 0)", "There was an error creating slot (status code: 403)",
 * … and their Bengali ("ত্রুটি (স্ট্যাটাস কোড: 0)", src/i18n/locales/bn/notifications.json).
 */
const REFINE_DEFAULT_ERROR = /\((?:status code|স্ট্যাটাস কোড): ([^)]*)\)?$/;

/** 401 (the refresh failed) and 403 end the session; the user is taken to sign in, which says enough. */
const SESSION_ENDING_STATUSES = new Set(["401", "403"]);

/**
 * Whether a notification is Refine's generic error toast for a failure the app has already dealt
 * with: a transport failure (the HTTP client raised its own toast), a cancelled call, or a status
 * that ended the session. Showing it too would give the user two toasts for one failure.
 */
export function isAlreadyReported({ type, message, description }: OpenNotificationParams): boolean {
  if (type !== "error") return false;
  const status = REFINE_DEFAULT_ERROR.exec(message)?.[1];
  if (status === undefined) return false;
  return SESSION_ENDING_STATUSES.has(status.trim()) || (description !== undefined && ALREADY_REPORTED_MESSAGES.has(description));
}

/**
 * Refine's notifications through antd's <App> instance, so they follow its notification area
 * (spec §9). Written here rather than taken from @refinedev/antd to keep that package's components
 * out of the first download.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: (params) => {
      if (isAlreadyReported(params)) return;
      const { key, message, type } = params;
      // An error's description is the server's message (Refine passes the error's): the user's language when known.
      const description = type === "error" && params.description ? errorText(params.description) : params.description;
      const show = type === "success" ? notification.success : type === "error" ? notification.error : notification.info;
      show({ key, message, description });
    },
    close: (key) => notification.destroy(key),
  };
}

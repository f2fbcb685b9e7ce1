import type { NotificationProvider } from "@refinedev/core";
import { App } from "antd";

/**
 * Refine's notifications through antd's <App> instance, so they follow its placement (top centre),
 * count limit and duration. Written here rather than taken from @refinedev/antd to keep that
 * package's components out of the first download.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      const show = type === "success" ? notification.success : type === "error" ? notification.error : notification.info;
      show({ key, message, description });
    },
    close: (key) => notification.destroy(key),
  };
}

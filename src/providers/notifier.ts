import type { NotificationInstance } from "antd/es/notification/interface";

/**
 * Lets code outside React (the HTTP client) raise antd notifications. The instance comes from
 * antd's <App> (so it follows the theme and the top-centre placement) once NotifierBridge mounts.
 */
let instance: NotificationInstance | undefined;

export function setNotificationInstance(next: NotificationInstance | undefined) {
  instance = next;
}

export function notifyError(message: string, description?: string, key?: string) {
  if (instance) instance.error({ message, description, key });
  else console.error(message, description ?? "");
}

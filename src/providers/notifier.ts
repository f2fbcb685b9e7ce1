import type { NotificationInstance } from "antd/es/notification/interface";
import { TRANSPORT_TITLES, type TransportError } from "./http-errors";

/**
 * Lets code outside React (the HTTP client) raise antd notifications. The instance comes from
 * antd's <App> (so it follows the theme and the notification area's settings) once NotifierBridge mounts.
 */
let instance: NotificationInstance | undefined;

export function setNotificationInstance(next: NotificationInstance | undefined) {
  instance = next;
}

export function notifyError(message: string, description?: string, key?: string) {
  if (instance) instance.error({ message, description, key });
  else console.error(message, description ?? "");
}

/**
 * One toast per kind of transport failure (spec §8): a readable title, the explanation and the code.
 * Keyed by the code, so calls failing together show a single toast.
 */
export function notifyTransportError(error: TransportError) {
  notifyError(TRANSPORT_TITLES[error.code], `${error.message} (${error.code})`, error.code);
}

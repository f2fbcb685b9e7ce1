import type { ArgsProps, NotificationInstance } from "antd/es/notification/interface";
import { errorText, transportTitle, type TransportError } from "./http-errors";

type Kind = "success" | "error" | "info";

/**
 * Lets code outside React (the HTTP client, the sign-in screen) raise antd notifications. The
 * instance comes from the notification host on screen (antd's <App> once signed in, a lighter host
 * on the sign-in screen), which registers it through NotifierBridge. Notices raised while no host is
 * registered wait for the next one.
 */
let instance: NotificationInstance | undefined;
const waiting: [Kind, ArgsProps][] = [];

export function setNotificationInstance(next: NotificationInstance | undefined) {
  instance = next;
  if (!next) return;
  for (const [kind, args] of waiting.splice(0)) next[kind](args);
}

/** A host leaving the screen lets go of the instance, unless another host has taken over since. */
export function releaseNotificationInstance(owned: NotificationInstance) {
  if (instance === owned) instance = undefined;
}

/**
 * Notices raised from now on wait for the next host to register: the screen is about to change
 * (signing in), and the current host's notices leave with it.
 */
export function holdNotificationsForNextScreen() {
  instance = undefined;
}

export function notify(kind: Kind, args: ArgsProps) {
  if (instance) instance[kind](args);
  else waiting.push([kind, args]);
}

export function notifyError(message: string, description?: string, key?: string) {
  notify("error", { message, description, key });
}

export function notifySuccess(message: string, description?: string, key?: string) {
  notify("success", { message, description, key });
}

/**
 * One toast per kind of transport failure (spec §8): a readable title, the explanation and the code,
 * in the user's language.
 * Keyed by the code, so calls failing together show a single toast.
 */
export function notifyTransportError(error: TransportError) {
  notifyError(transportTitle(error.code), `${errorText(error)} (${error.code})`, error.code);
}

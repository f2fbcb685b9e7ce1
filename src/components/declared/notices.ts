import type { HttpError, OpenNotificationParams } from "@refinedev/core";
import { ALREADY_REPORTED_MESSAGES } from "../../providers/http-errors";
import type { AnyDataResource } from "../../resources/model/resource";

type Notice = OpenNotificationParams | false;

/** A write's success toast: the declaration's text (`texts.created`, ...). */
export const successNotice = (message: string) => (): Notice => ({ type: "success", message });

/**
 * A write's failure: the server's words (the envelope's errorMessage: "Licence No LIC-7 is already in
 * use"), once. Nothing for what was already told (a transport failure's own toast, a cancelled call)
 * or ends the session (401, 403); nothing but the console for a legacy resource, whose failures the
 * spec has only logged (§8 Slot).
 */
export function failureNotice(data: AnyDataResource) {
  return (error?: HttpError): Notice => {
    if (data.legacy) {
      console.error(error);
      return false;
    }
    if (!error || error.statusCode === 401 || error.statusCode === 403 || ALREADY_REPORTED_MESSAGES.has(error.message)) return false;
    return { type: "error", message: error.message || "The change was not saved. Please try again." };
  };
}

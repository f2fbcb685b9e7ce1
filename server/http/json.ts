/**
 * JSON from clients: bodies and the multipart `data` part. Keys `__proto__` and `constructor.prototype`
 * are refused (as Fastify's own parser does with onProtoPoisoning and onConstructorPoisoning set to
 * "error"), so no body can reach an object's prototype however the handler merges it.
 */
import secureJson from "secure-json-parse";
import { badRequest } from "./errors";

export const PROTOTYPE_KEYS_MESSAGE = "The JSON must not hold __proto__ or constructor.prototype keys";

/** The parsed value, or a 400 saying `invalidMessage` (not JSON) or why its keys were refused. */
export function parseClientJson(text: string, invalidMessage: string, field?: string): unknown {
  try {
    return secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch (error) {
    const message = /forbidden prototype/.test((error as Error).message) ? PROTOTYPE_KEYS_MESSAGE : invalidMessage;
    throw badRequest(message, field ? { [field]: message } : undefined);
  }
}

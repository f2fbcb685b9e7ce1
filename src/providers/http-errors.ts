import type { AxiosError } from "axios";
import type { Envelope } from "../contract";
import { t } from "../i18n/i18n";
import { translateMessage } from "../i18n/messages";

/** Failures that never reached a reply we could read (spec §8). */
export type TransportErrorCode = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";
/** ABORTED: the call was cancelled or abandoned (e.g. the page was left); nobody needs telling. */
export type ApiErrorCode = TransportErrorCode | "HTTP_ERROR" | "ABORTED";

const READABLE: Record<TransportErrorCode, string> = {
  FETCH_ERROR: "Could not reach the server. Check your connection and try again.",
  TIMEOUT_ERROR: "The server took too long to answer. Please try again.",
  PARSING_ERROR: "The server sent a reply that could not be read.",
};

export const ABORTED_MESSAGE = "The request was cancelled.";
/** The data provider's words for a write the server refused without saying why, and a record not in its list. */
export const NOT_ACCEPTED_MESSAGE = "The server did not accept the change";
export const RECORD_NOT_FOUND_MESSAGE = "Not found";
const REQUEST_FAILED = /^Request failed with status (\d+)$/;

/** The transport failures' explanations and titles in the user's language, looked up when shown (issue 28). */
const READABLE_TEXT: Record<TransportErrorCode, () => string> = {
  FETCH_ERROR: () => t("shell.transport.fetchError"),
  TIMEOUT_ERROR: () => t("shell.transport.timeoutError"),
  PARSING_ERROR: () => t("shell.transport.parsingError"),
};
const TITLE_TEXT: Record<TransportErrorCode, () => string> = {
  FETCH_ERROR: () => t("shell.transport.fetchErrorTitle"),
  TIMEOUT_ERROR: () => t("shell.transport.timeoutErrorTitle"),
  PARSING_ERROR: () => t("shell.transport.parsingErrorTitle"),
};

/** A transport failure's toast title, in the user's language. */
export const transportTitle = (code: TransportErrorCode): string => TITLE_TEXT[code]();

/** The app's own English failure texts (READABLE, ABORTED_MESSAGE) by their text, for errorText. */
const OWN_TEXTS = new Map<string, () => string>([
  ...(Object.keys(READABLE) as TransportErrorCode[]).map((code) => [READABLE[code], READABLE_TEXT[code]] as const),
  [ABORTED_MESSAGE, () => t("shell.transport.aborted")],
  [NOT_ACCEPTED_MESSAGE, () => t("shell.transport.notAccepted")],
  [RECORD_NOT_FOUND_MESSAGE, () => t("shell.transport.recordNotFound")],
]);

/**
 * An error's text as the user reads it (issue 28): the app's own failure texts and the server's known
 * messages (by `errorCode`, else by their English words) in the user's language; any other message as
 * the server wrote it. Takes an ApiRequestError or a message already taken out of one.
 */
export function errorText(error: ApiRequestError | string, errorCode?: string | null): string {
  const text = typeof error === "string" ? error : error.message;
  const code = typeof error === "string" ? errorCode : error.errorCode;
  const own = OWN_TEXTS.get(text);
  if (own) return own();
  const failed = REQUEST_FAILED.exec(text);
  return failed ? t("shell.transport.requestFailed", { status: failed[1] }) : translateMessage(text, code);
}

/** A failure that never produced a readable reply. */
export type TransportError = ApiRequestError & { readonly code: TransportErrorCode };

/**
 * Messages of failures the HTTP client has already dealt with: transport failures (it raised a
 * toast) and abandoned calls (nothing to say). Refine's generic error toast repeats them.
 */
export const ALREADY_REPORTED_MESSAGES: ReadonlySet<string> = new Set([...Object.values(READABLE), ABORTED_MESSAGE]);

/**
 * Every failed call rejects with this. It has the shape of Refine's HttpError (message, statusCode,
 * errors), so Refine's hooks and forms can show it as is.
 */
export class ApiRequestError extends Error {
  readonly code: ApiErrorCode;
  /** 0 when there was no HTTP reply. */
  readonly statusCode: number;
  readonly errors?: Record<string, string>;
  readonly envelope?: Envelope;
  /** The server's code for a message the app knows (issue 28: additive to the envelope), for errorText. */
  readonly errorCode?: string;

  constructor(code: ApiErrorCode, message: string, statusCode = 0, envelope?: Envelope) {
    super(message);
    this.name = code;
    this.code = code;
    this.statusCode = statusCode;
    this.envelope = envelope;
    this.errors = envelope?.errors;
    const errorCode = (envelope as { errorCode?: unknown } | undefined)?.errorCode;
    if (typeof errorCode === "string" && errorCode !== "") this.errorCode = errorCode;
  }
}

export function transportError(code: TransportErrorCode, statusCode = 0): TransportError {
  return new ApiRequestError(code, READABLE[code], statusCode) as TransportError;
}

export function isTransportError(error: ApiRequestError): error is TransportError {
  return error.code in READABLE;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && "success" in value;
}

/** Turns an axios failure into an ApiRequestError with the most useful message available. */
export function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const axiosError = error as AxiosError;
  const response = axiosError?.response;
  if (!response) {
    // The client sets transitional.clarifyTimeoutError, so a time-out is ETIMEDOUT; ECONNABORTED is
    // axios's "Request aborted" (the browser dropped the call, e.g. on leaving the page).
    const code = axiosError?.code;
    if (code === "ERR_CANCELED" || code === "ECONNABORTED") return new ApiRequestError("ABORTED", ABORTED_MESSAGE);
    return transportError(code === "ETIMEDOUT" ? "TIMEOUT_ERROR" : "FETCH_ERROR");
  }
  if (!isEnvelope(response.data)) {
    return transportError("PARSING_ERROR", response.status);
  }
  const envelope = response.data;
  const message = envelope.errorMessage ?? envelope.message ?? `Request failed with status ${response.status}`;
  return new ApiRequestError("HTTP_ERROR", message, response.status, envelope);
}

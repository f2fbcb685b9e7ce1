import type { AxiosError } from "axios";
import type { Envelope } from "../contract";

/** Failures that never reached a reply we could read (spec §8). */
export type TransportErrorCode = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";
/** ABORTED: the call was cancelled or abandoned (e.g. the page was left); nobody needs telling. */
export type ApiErrorCode = TransportErrorCode | "HTTP_ERROR" | "ABORTED";

const READABLE: Record<TransportErrorCode, string> = {
  FETCH_ERROR: "Could not reach the server. Check your connection and try again.",
  TIMEOUT_ERROR: "The server took too long to answer. Please try again.",
  PARSING_ERROR: "The server sent a reply that could not be read.",
};

/** Titles of the toast the HTTP client raises for each transport failure. */
export const TRANSPORT_TITLES: Record<TransportErrorCode, string> = {
  FETCH_ERROR: "Network error",
  TIMEOUT_ERROR: "The server took too long to answer",
  PARSING_ERROR: "The server's reply could not be read",
};

export const ABORTED_MESSAGE = "The request was cancelled.";

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

  constructor(code: ApiErrorCode, message: string, statusCode = 0, envelope?: Envelope) {
    super(message);
    this.name = code;
    this.code = code;
    this.statusCode = statusCode;
    this.envelope = envelope;
    this.errors = envelope?.errors;
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

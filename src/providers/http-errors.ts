import type { AxiosError } from "axios";
import type { Envelope } from "../contract";

/** Failures that never reached a reply we could read (spec §8). */
export type TransportErrorCode = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";
export type ApiErrorCode = TransportErrorCode | "HTTP_ERROR";

const READABLE: Record<TransportErrorCode, string> = {
  FETCH_ERROR: "Could not reach the server. Check your connection and try again.",
  TIMEOUT_ERROR: "The server took too long to answer. Please try again.",
  PARSING_ERROR: "The server sent a reply that could not be read.",
};

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

export function transportError(code: TransportErrorCode): ApiRequestError {
  return new ApiRequestError(code, READABLE[code]);
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
    const timedOut = axiosError?.code === "ECONNABORTED" || axiosError?.code === "ETIMEDOUT";
    return transportError(timedOut ? "TIMEOUT_ERROR" : "FETCH_ERROR");
  }
  if (!isEnvelope(response.data)) {
    return new ApiRequestError("PARSING_ERROR", READABLE.PARSING_ERROR, response.status);
  }
  const envelope = response.data;
  const message = envelope.errorMessage ?? envelope.message ?? `Request failed with status ${response.status}`;
  return new ApiRequestError("HTTP_ERROR", message, response.status, envelope);
}

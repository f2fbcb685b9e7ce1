/** Errors a handler throws; the app's error handler turns them into the contract's envelope. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds after which the client may try again: sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new ApiError(400, message, errors);
export const unauthorized = (message = "Authentication required") => new ApiError(401, message);
export const forbidden = (message = "You are not allowed to do this") => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (message: string, errors?: Record<string, string>) => new ApiError(409, message, errors);
export const payloadTooLarge = (message: string, errors?: Record<string, string>) => new ApiError(413, message, errors);
export const unsupportedMediaType = (message: string, errors?: Record<string, string>) => new ApiError(415, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new ApiError(429, message, undefined, retryAfterSeconds);
export const serviceUnavailable = (message: string, retryAfterSeconds: number) => new ApiError(503, message, undefined, retryAfterSeconds);

/** "in 45 seconds", "in 1 minute", "in 15 minutes": when a refused client may try again. */
export function retryIn(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

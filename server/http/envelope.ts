import { type Envelope, type Page, type Pagination, errorCodeOf } from "../../src/contract";

/** A successful reply, as precise as its route's documented schema (src/contract/replies.ts envelopeOf). */
export interface Ok<T> extends Envelope<T> {
  success: true;
  replyMessage: T;
  errorMessage: null;
}

export function ok<T>(replyMessage: T, message: string | null = null): Ok<T> {
  return { success: true, replyMessage, message, errorMessage: null };
}

/** Every error reply: `errorCode` (issue 28) when the message is one the app knows (ERROR_TEXTS). */
export function failure(errorMessage: string, errors?: Record<string, string>): Envelope<null> {
  const errorCode = errorCodeOf(errorMessage);
  return { success: false, replyMessage: null, message: null, errorMessage, ...(errorCode ? { errorCode } : {}), ...(errors ? { errors } : {}) };
}

export function page<T>(content: T[], totalElements: number, { page, size }: Pagination): Page<T> {
  return { content, totalElements, totalPages: Math.ceil(totalElements / size), page, size };
}

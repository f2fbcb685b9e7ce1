import type { Envelope, Page, Pagination } from "../../src/contract";

/** A successful reply, as precise as its route's documented schema (src/contract/replies.ts envelopeOf). */
export interface Ok<T> extends Envelope<T> {
  success: true;
  replyMessage: T;
  errorMessage: null;
}

export function ok<T>(replyMessage: T, message: string | null = null): Ok<T> {
  return { success: true, replyMessage, message, errorMessage: null };
}

export function failure(errorMessage: string, errors?: Record<string, string>): Envelope<null> {
  return { success: false, replyMessage: null, message: null, errorMessage, ...(errors ? { errors } : {}) };
}

export function page<T>(content: T[], totalElements: number, { page, size }: Pagination): Page<T> {
  return { content, totalElements, totalPages: Math.ceil(totalElements / size), page, size };
}

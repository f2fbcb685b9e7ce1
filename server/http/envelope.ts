import type { Envelope, Page, Pagination } from "../../src/contract";

export function ok<T>(replyMessage: T, message: string | null = null): Envelope<T> {
  return { success: true, replyMessage, message, errorMessage: null };
}

export function failure(errorMessage: string, errors?: Record<string, string>): Envelope<null> {
  return { success: false, replyMessage: null, message: null, errorMessage, ...(errors ? { errors } : {}) };
}

export function page<T>(content: T[], totalElements: number, { page, size }: Pagination): Page<T> {
  return { content, totalElements, totalPages: Math.ceil(totalElements / size), page, size };
}

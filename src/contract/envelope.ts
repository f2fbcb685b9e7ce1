/** The reply envelope every endpoint answers (spec §3 "Replies"). */
export interface Envelope<T = unknown> {
  success: boolean;
  replyMessage: T | null;
  message: string | null;
  errorMessage: string | null;
  /** Ours (issue 28): the stable code of a known `errorMessage` (ERROR_TEXTS); absent otherwise. */
  errorCode?: string;
  /** Per-field messages on a 400, keyed by field name (ours; absent otherwise). */
  errors?: Record<string, string>;
}

/** A page of results: replyMessage.content and replyMessage.totalElements (spec §3). */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}

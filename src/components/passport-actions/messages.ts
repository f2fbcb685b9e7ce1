/**
 * What the user is told after each workflow call (spec §8), as keys of the texts, read when shown.
 * `success`: fixed text; without it the server's words are shown (`replyMessage` when it is text, else
 * `message`), or `successFallback` when the reply has neither. The server's words are English: in
 * another language `translatedSuccess` (the same news, already in that language) is shown instead.
 * `failure`: when the server answers without success; with `preferServerMessage` its errorMessage wins
 * (translated when the app knows it).
 * `exception`: when no reply could be read (network, timeout). A cancelled call says nothing.
 */
export interface ActionMessages {
  success?: string;
  successFallback?: string;
  translatedSuccess?: string;
  failure: string;
  preferServerMessage?: boolean;
  exception: string;
}

const NETWORK = "passportActions.networkError";

export const ACTION_MESSAGES = {
  review: {
    success: "passportActions.reviewed",
    failure: "passportActions.reviewFailed",
    preferServerMessage: true,
    exception: "passportActions.reviewError",
  },
  rejectByAdmin: {
    success: "passportActions.rejected",
    failure: "passportActions.rejectFailed",
    exception: "passportActions.rejectError",
  },
  rejectBySuperAdmin: {
    success: "passportActions.rejected",
    failure: "passportActions.rejectFailed",
    preferServerMessage: true,
    exception: "passportActions.rejectError",
  },
  approve: {
    success: "passportActions.approved",
    failure: "passportActions.approveFailed",
    preferServerMessage: true,
    exception: "passportActions.approveError",
  },
  comment: {
    success: "passportActions.commentAdded",
    failure: "passportActions.commentFailed",
    exception: "passportActions.commentFailed",
  },
  /** Milestones, dates and the flight date: the server's words on success (§8 gives no text of its own). */
  progress: { successFallback: "passportActions.updated", failure: NETWORK, exception: NETWORK },
  complete: {
    success: "passportActions.completed",
    failure: "passportActions.completeFailed",
    preferServerMessage: true,
    exception: NETWORK,
  },
} as const satisfies Record<string, ActionMessages>;

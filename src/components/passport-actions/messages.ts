/**
 * What the user is told after each workflow call (spec §8).
 * `success`: fixed text; without it the server's words are shown (`replyMessage` when it is text, else
 * `message`), or `successFallback` when the reply has neither.
 * `failure`: when the server answers without success; with `preferServerMessage` its errorMessage wins.
 * `exception`: when no reply could be read (network, timeout). A cancelled call says nothing.
 */
export interface ActionMessages {
  success?: string;
  successFallback?: string;
  failure: string;
  preferServerMessage?: boolean;
  exception: string;
}

const NETWORK = "Network or server error occurred!";

export const ACTION_MESSAGES = {
  review: {
    success: "Passport reviewed successfully",
    failure: "Failed to review passport",
    preferServerMessage: true,
    exception: "An error occurred while reviewing the passport",
  },
  rejectByAdmin: {
    success: "Passport Rejected successfully",
    failure: "Failed to Reject passport",
    exception: "An error occurred while rejecting the passport",
  },
  rejectBySuperAdmin: {
    success: "Passport Rejected successfully",
    failure: "Failed to Reject passport",
    preferServerMessage: true,
    exception: "An error occurred while rejecting the passport",
  },
  approve: {
    success: "Passport Approval successfully",
    failure: "Failed to Approval passport",
    preferServerMessage: true,
    exception: "An error occurred while approving the passport",
  },
  comment: {
    success: "Comment added successfully",
    failure: "Failed to add comment",
    exception: "Failed to add comment",
  },
  /** Milestones, dates and the flight date: the server's words on success (§8 gives no text of its own). */
  progress: { successFallback: "Updated successfully", failure: NETWORK, exception: NETWORK },
  complete: {
    success: "Passport marked as complete!",
    failure: "Failed to complete passport",
    preferServerMessage: true,
    exception: NETWORK,
  },
} as const satisfies Record<string, ActionMessages>;

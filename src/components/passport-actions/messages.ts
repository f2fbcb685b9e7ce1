/**
 * What the user is told after each workflow call (spec §8).
 * `success`: fixed text, or undefined to show the server's `message`.
 * `failure`: when the server answers without success; with `preferServerMessage` its errorMessage wins.
 * `exception`: when no reply could be read (network, timeout).
 */
export interface ActionMessages {
  success?: string;
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
  /** Milestones, dates and the flight date: the server's message on success. */
  progress: { failure: NETWORK, exception: NETWORK },
  complete: {
    success: "Passport marked as complete!",
    failure: "Failed to complete passport",
    preferServerMessage: true,
    exception: NETWORK,
  },
} as const satisfies Record<string, ActionMessages>;

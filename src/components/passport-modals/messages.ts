/** Spec §8 toasts of the passport forms. */
export const PASSPORT_FORM_MESSAGES = {
  added: "Passport Added Successfully",
  addFailed: "Something went wrong. Please try again.",
  updated: "Passport updated successfully",
  updateFailed: "Failed to update passport",
} as const;

/** Spec §8 toasts of the passport forms. */
export const PASSPORT_FORM_MESSAGES = {
  added: "Passport Added Successfully",
  addFailed: "Something went wrong. Please try again.",
  updated: "Passport updated successfully",
  updateFailed: "Failed to update passport",
} as const;

/** The per-field messages of a refused save (e.g. "A passport with this number already exists"), to show under the fields. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === "object" ? (errors as Record<string, string>) : undefined;
}

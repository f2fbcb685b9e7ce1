/** Spec §8 toasts of the passport forms: keys, read when shown. */
export const PASSPORT_FORM_MESSAGES = {
  added: "passportModals.added",
  addFailed: "passportModals.addFailed",
  updated: "passportModals.updated",
  updateFailed: "passportModals.updateFailed",
} as const;

/** The per-field messages of a refused save (e.g. "A passport with this number already exists"), to show under the fields (translated there). */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === "object" ? (errors as Record<string, string>) : undefined;
}

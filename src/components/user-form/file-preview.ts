/** Spec §8 file preview messages. */
export const NO_FILE_DATA = "No file data provided.";
export const unsupportedFileType = (type: string) => `Unsupported file type: ${type}`;

export type PreviewKind = "image" | "pdf";

/** Why a file cannot be shown: the spec's English words, and their text's key and values in the catalog (issue 28). */
export interface PreviewProblem {
  problem: string;
  key: "userForm.noFileData" | "userForm.unsupportedFileType";
  values?: { type: string };
}

/** How a file can be shown in the preview popup, or the message saying why it cannot. */
export function previewKindOf(contentType: string, hasData: boolean): { kind: PreviewKind } | PreviewProblem {
  if (!hasData) return { problem: NO_FILE_DATA, key: "userForm.noFileData" };
  const type = contentType.toLowerCase();
  if (type === "image/png" || type === "image/jpeg" || type === "image/jpg") return { kind: "image" };
  if (type === "application/pdf") return { kind: "pdf" };
  const shown = contentType || "unknown";
  return { problem: unsupportedFileType(shown), key: "userForm.unsupportedFileType", values: { type: shown } };
}

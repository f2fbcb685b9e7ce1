/** Spec §8 file preview messages. */
export const NO_FILE_DATA = "No file data provided.";
export const unsupportedFileType = (type: string) => `Unsupported file type: ${type}`;

export type PreviewKind = "image" | "pdf";

/** How a file can be shown in the preview popup, or the message saying why it cannot. */
export function previewKindOf(contentType: string, hasData: boolean): { kind: PreviewKind } | { problem: string } {
  if (!hasData) return { problem: NO_FILE_DATA };
  const type = contentType.toLowerCase();
  if (type === "image/png" || type === "image/jpeg" || type === "image/jpg") return { kind: "image" };
  if (type === "application/pdf") return { kind: "pdf" };
  return { problem: unsupportedFileType(contentType || "unknown") };
}

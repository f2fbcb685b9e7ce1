import type { AttachmentFile } from "../../contract";

const TYPE_OF_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** What a stored file's content type may look like from a backend that leaves it out. */
export type LooseFile = Omit<AttachmentFile, "contentType" | "fileName"> & {
  contentType?: string | null;
  fileName?: string | null;
};

/**
 * The file's content type in lower case; when the backend sent none, the one its name's extension
 * stands for, else undefined (shown as a plain download link).
 */
export function contentTypeOf(file: LooseFile): string | undefined {
  const sent = file.contentType?.trim().toLowerCase();
  if (sent) return sent;
  const match = /\.([a-z0-9]+)$/i.exec(file.fileName ?? "");
  return match ? TYPE_OF_EXTENSION[match[1].toLowerCase()] : undefined;
}

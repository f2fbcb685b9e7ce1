import type { AttachmentFile } from "../../contract";
import { contentTypeOfName } from "../file-type";

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
  return file.contentType?.trim().toLowerCase() || contentTypeOfName(file.fileName);
}

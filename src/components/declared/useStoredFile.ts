import { API_BASE_URL } from "../../config";
import { http } from "../../providers";
import { PLAIN_REPLY } from "../../providers/http-client";
import type { StoredFile } from "../../resources/model/field-text";

/** Where a record's stored file is read: `GET /api/<name>/:id/files/<field>` (the access of show). */
export const storedFileUrl = (resource: string, id: string | number, field: string) =>
  `${API_BASE_URL}/api/${resource}/${encodeURIComponent(String(id))}/files/${field}`;

/**
 * A stored file's bytes as a File, through the HTTP client (the download needs the session's token,
 * which a plain link would not carry).
 */
export async function fetchStoredFile(url: string, file: StoredFile): Promise<File> {
  const reply = await http.get<Blob>(url, { responseType: "blob", ...PLAIN_REPLY });
  return new File([reply.data], file.fileName, { type: file.contentType || reply.data.type });
}

export { saveFile } from "../export/download";

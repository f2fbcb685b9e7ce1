import { http } from "../../providers";
import { PLAIN_REPLY } from "../../providers/http-client";

import type { ExportFormat } from "../../contract";

export type { ExportFormat };

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: "CSV", xlsx: "Excel (XLSX)" };

/** The file name a reply's Content-Disposition gives (its UTF-8 form first), else `fallback`. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

export interface ExportRequest {
  /** The list's URL (`${API}/api/employers`) and its query: filters, search, order, columns, format. */
  url: string;
  params: Record<string, string>;
  signal: AbortSignal;
  /** Bytes received so far. */
  onProgress: (bytes: number) => void;
}

/**
 * A list's file through the HTTP client (the session's token, its refresh): no time-out, since a long
 * list takes as long as it takes; cancelled by `signal`.
 */
export async function downloadExport({ url, params, signal, onProgress }: ExportRequest): Promise<File> {
  const reply = await http.get<Blob>(`${url}?${new URLSearchParams(params)}`, {
    responseType: "blob",
    timeout: 0,
    signal,
    onDownloadProgress: (event) => onProgress(event.loaded),
    ...PLAIN_REPLY,
  });
  const name = fileNameOf(reply.headers["content-disposition"] as string | undefined, `export.${params.format}`);
  return new File([reply.data], name, { type: reply.data.type });
}

/** Saves `file` to the user's downloads. */
export function saveFile(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

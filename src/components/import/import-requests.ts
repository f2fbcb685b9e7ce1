import type { AxiosProgressEvent } from "axios";
import type { Envelope, ExportFormat, ImportReport } from "../../contract";
import { http } from "../../providers";
import { PLAIN_REPLY } from "../../providers/http-client";
import { ApiRequestError } from "../../providers/http-errors";
import { fileNameOf } from "../export/download";
import { t } from "../../i18n/i18n";

/** What the wizard sends each time: the one file, as the multipart part `file`. */
function bodyOf(file: File): FormData {
  const body = new FormData();
  body.append("file", file);
  return body;
}

export interface ImportCall {
  /** `${API}/api/passport/import`, or a declared resource's `${API}/api/<name>/import`. */
  url: string;
  file: File;
  signal: AbortSignal;
  /** Bytes of the file sent so far, and of the whole body. */
  onSent?: (sent: number, total: number) => void;
}

/**
 * No time-out (a large file on a slow uplink takes as long as it takes; Cancel aborts it), and the
 * upload's progress for the wizard's busy line.
 */
const longUpload = ({ signal, onSent }: ImportCall) => ({
  timeout: 0,
  signal,
  onUploadProgress: (event: AxiosProgressEvent) => onSent?.(event.loaded, event.total ?? 0),
});

/**
 * Sends the file to be checked (`dryRun`: nothing is written) or imported, and answers the server's
 * report. The server answers 200 whether or not rows failed: failures are in the report.
 */
export async function sendImport(call: ImportCall & { dryRun: boolean }): Promise<ImportReport> {
  const reply = await http.post<Envelope<ImportReport>>(`${call.url}?dryRun=${call.dryRun}`, bodyOf(call.file), longUpload(call));
  const report = reply.data.replyMessage;
  if (!report) throw new ApiRequestError("HTTP_ERROR", reply.data.errorMessage ?? t("import.noReport"), reply.status, reply.data);
  return report;
}

/** The file's failed rows as a file of `format`, with an "Errors" column, to fix and upload again. */
export async function fetchFailedRows(call: ImportCall & { format: ExportFormat }): Promise<File> {
  const reply = await http.post<Blob>(`${call.url}?dryRun=true&failedRows=${call.format}`, bodyOf(call.file), {
    ...longUpload(call),
    responseType: "blob",
    ...PLAIN_REPLY,
  });
  const name = fileNameOf(reply.headers["content-disposition"] as string | undefined, `failed-rows.${call.format}`);
  return new File([reply.data], name, { type: reply.data.type });
}

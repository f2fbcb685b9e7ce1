import type { AxiosProgressEvent, AxiosRequestConfig } from "axios";

/** One file of a multipart upload and how much of it has been sent. */
export interface FileProgress {
  field: string;
  name: string;
  size: number;
  sent: number;
}

export interface UploadProgress {
  sent: number;
  total: number;
  files: FileProgress[];
}

/**
 * What a form hands the data provider (in a mutation's `meta.upload`) to follow an upload and to
 * cancel it: the provider reports progress per file and in total, and aborts on `signal`.
 */
export interface UploadOptions {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export function uploadOptionsOf(meta: Record<string, unknown> | undefined): UploadOptions | undefined {
  const upload = meta?.upload as UploadOptions | undefined;
  return upload && typeof upload.onProgress === "function" ? upload : undefined;
}

/**
 * Where each part of a multipart body lies, in order, in the bytes sent. The boundaries and part
 * headers the browser adds are spread over the parts in proportion, so every part ends where it ends.
 */
function partsOf(body: FormData): { field: string; name?: string; size: number }[] {
  const parts: { field: string; name?: string; size: number }[] = [];
  body.forEach((value, field) => {
    if (typeof value === "string") parts.push({ field, size: new Blob([value]).size });
    else parts.push({ field, name: value instanceof File ? value.name : undefined, size: value.size });
  });
  return parts;
}

export function progressOf(body: FormData, sent: number, total: number): UploadProgress {
  const parts = partsOf(body);
  const bytes = parts.reduce((sum, part) => sum + part.size, 0);
  const scale = bytes > 0 && total > 0 ? total / bytes : 1;
  let start = 0;
  const files: FileProgress[] = [];
  for (const part of parts) {
    const length = part.size * scale;
    if (part.name !== undefined) {
      const ratio = length > 0 ? Math.min(1, Math.max(0, (sent - start) / length)) : sent >= start ? 1 : 0;
      files.push({ field: part.field, name: part.name, size: part.size, sent: Math.round(ratio * part.size) });
    }
    start += length;
  }
  return { sent, total: total || bytes, files };
}

/** The axios settings that report an upload's progress and cancel it. */
export function uploadConfig(body: unknown, upload: UploadOptions | undefined): AxiosRequestConfig {
  if (!upload) return {};
  return {
    signal: upload.signal,
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (body instanceof FormData) upload.onProgress(progressOf(body, event.loaded, event.total ?? 0));
      else upload.onProgress({ sent: event.loaded, total: event.total ?? 0, files: [] });
    },
  };
}

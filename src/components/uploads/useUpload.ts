import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../../providers/http-errors";
import type { UploadOptions, UploadProgress } from "../../providers/upload-progress";

/** What a cancelled save says: the key, shown with `t` (the English text below is kept for callers not yet translated and the browser tests). */
export const UPLOAD_CANCELLED_KEY = "uploads.cancelled";
export const UPLOAD_CANCELLED = "Upload cancelled. Nothing was saved.";

/** Whether a failed save is one the user cancelled. */
export function isCancelled(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === "ABORTED";
}

/**
 * Follows one upload at a time (issue 13: eight scans take minutes on a 750 kbps uplink): `begin()`
 * gives the options to pass as a mutation's `meta.upload`, `progress` is what has been sent (per file
 * and in total) while it runs, `cancel()` aborts it. Leaving the form (unmounting) cancels too.
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  const begin = useCallback((): UploadOptions => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress({ sent: 0, total: 0, files: [] });
    return { signal: current.signal, onProgress: (next) => !current.signal.aborted && setProgress(next) };
  }, []);
  const finish = useCallback(() => {
    controller.current = undefined;
    setProgress(undefined);
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  useEffect(() => () => controller.current?.abort(), []);

  return { progress, begin, finish, cancel };
}

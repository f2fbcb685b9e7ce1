import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** The query parameter naming the passport whose file is open, on the list it was opened from. */
export const FILE_PARAM = "passport";
/** The file's tab, when it was opened on another than the first (e.g. its comments). */
export const FILE_TAB_PARAM = "fileTab";

export type FileTab = "details" | "comments" | "timeline" | "documents";

/**
 * The passport's file is open while `?passport={id}` is in the URL, so a link to it can be shared and
 * Back closes it. Other parameters (page, filters) are kept.
 */
export function usePassportFileParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(FILE_PARAM);
  const passportId = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const tab = (params.get(FILE_TAB_PARAM) as FileTab | null) ?? "details";

  const change = useCallback(
    (values: Record<string, string | undefined>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(values)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );

  return {
    passportId,
    tab,
    openFile: useCallback((id: number, on?: FileTab) => change({ [FILE_PARAM]: String(id), [FILE_TAB_PARAM]: on === "details" ? undefined : on }), [change]),
    showTab: useCallback((on: FileTab) => change({ [FILE_TAB_PARAM]: on === "details" ? undefined : on }), [change]),
    closeFile: useCallback(() => change({ [FILE_PARAM]: undefined, [FILE_TAB_PARAM]: undefined }), [change]),
  };
}

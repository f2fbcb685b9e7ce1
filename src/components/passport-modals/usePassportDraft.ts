import { useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../../session/useSession";
import type { PassportFormInput } from "../passport-form";
import { clearDraft, hasContent, loadDraft, type PassportDraft, saveDraft } from "./passport-draft";

const SAVE_PAUSE_MS = 400;

/**
 * The Add Passport draft while the modal is open: a draft left from before is offered (`offer`) until
 * the user restores or discards it; meanwhile nothing is saved over it. Otherwise every change is
 * saved after a short pause, and the draft is dropped once the passport is saved (`saved`).
 */
export function usePassportDraft(open: boolean, blank: PassportFormInput | undefined) {
  const userId = useSession().user?.userId;
  /** undefined while looking, null when there is nothing (left) to offer. */
  const [offer, setOffer] = useState<PassportDraft | null | undefined>(undefined);
  const [restored, setRestored] = useState<PassportDraft | undefined>(undefined);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => void } | undefined>(undefined);

  const flush = useCallback(() => {
    const waiting = pending.current;
    pending.current = undefined;
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.run();
    }
  }, []);

  useEffect(() => {
    if (!open || userId === undefined) return;
    let live = true;
    loadDraft(userId).then(
      (draft) => live && setOffer(draft ?? null),
      () => live && setOffer(null),
    );
    window.addEventListener("pagehide", flush);
    return () => {
      live = false;
      flush();
      window.removeEventListener("pagehide", flush);
      setOffer(undefined);
      setRestored(undefined);
    };
  }, [open, userId, flush]);

  const onValuesChange = useCallback(
    (values: PassportFormInput) => {
      if (userId === undefined || !blank) return;
      if (pending.current) clearTimeout(pending.current.timer);
      const run = () => void (hasContent(values, blank) ? saveDraft(userId, values) : clearDraft(userId)).catch(() => undefined);
      pending.current = { run, timer: setTimeout(flush, SAVE_PAUSE_MS) };
    },
    [userId, blank, flush],
  );

  return {
    offer: offer ?? undefined,
    /** The form keeps a draft once no earlier draft waits for an answer. */
    onValuesChange: offer === null ? onValuesChange : undefined,
    /** The restored draft's values, to start the form from. */
    restored: restored?.values,
    restore: () => {
      setRestored(offer ?? undefined);
      setOffer(null);
    },
    discard: () => {
      if (userId !== undefined) void clearDraft(userId).catch(() => undefined);
      setOffer(null);
    },
    saved: () => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = undefined;
      if (userId !== undefined) void clearDraft(userId).catch(() => undefined);
    },
  };
}

import type { Passport } from "../../contract";
import { AttachmentsModal } from "../attachments";
import { usePassportAttachments } from "./usePassportAttachments";

/** The Attachments modal of one passport, fetching its documents while open. */
export function PassportAttachmentsModal({ passport, onClose }: { passport: Passport | undefined; onClose: () => void }) {
  const { attachments, loading, failed, retry } = usePassportAttachments(passport?.id);
  return (
    <AttachmentsModal
      open={passport !== undefined}
      onClose={onClose}
      loading={loading}
      attachments={attachments}
      failed={failed}
      onRetry={retry}
    />
  );
}

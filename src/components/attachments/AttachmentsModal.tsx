import { Empty, Modal, Skeleton } from "antd";
import { type Attachments, DOCUMENT_KINDS } from "../../contract";
import { LoadFailed } from "../LoadFailed";
import { AttachmentItem } from "./AttachmentItem";

export const NO_ATTACHMENTS_TEXT = "No Attachments Available";
/** The spec gives no text for attachments that failed to load. */
export const ATTACHMENTS_FAILED_TEXT = "Could not load the attachments.";

/** The eight documents in the order spec §2 lists their labels (alphabetical). */
const KINDS_BY_LABEL = [...DOCUMENT_KINDS].sort((a, b) => a.label.localeCompare(b.label));

export interface AttachmentsModalProps {
  open: boolean;
  onClose: () => void;
  loading: boolean;
  /** The reply of GET /api/passport/{id}/get-attachments. */
  attachments?: Partial<Attachments> | null;
  /** The attachments could not be loaded: an error with Retry shows, not the empty state. */
  failed?: boolean;
  onRetry?: () => void;
}

export function AttachmentsModal({ open, onClose, loading, attachments, failed, onRetry }: AttachmentsModalProps) {
  const present = KINDS_BY_LABEL.flatMap((kind) => {
    const file = attachments?.[kind.replyKey];
    return file?.data ? [{ label: kind.label, file }] : [];
  });

  let content;
  if (loading) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (failed) content = <LoadFailed messages={[ATTACHMENTS_FAILED_TEXT]} onRetry={onRetry} />;
  else if (present.length === 0) content = <Empty description={NO_ATTACHMENTS_TEXT} />;
  else content = present.map(({ label, file }) => <AttachmentItem key={label} label={label} file={file} />);

  return (
    <Modal title="Attachments" open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      {content}
    </Modal>
  );
}

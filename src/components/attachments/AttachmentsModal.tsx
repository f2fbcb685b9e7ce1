import { Empty, Modal, Skeleton } from "antd";
import { type Attachments, DOCUMENT_KINDS } from "../../contract";
import { LoadFailed } from "../LoadFailed";
import { AttachmentItem } from "./AttachmentItem";

export const NO_ATTACHMENTS_TEXT = "No Attachments Available";
/** The spec gives no text for attachments that failed to load. */
export const ATTACHMENTS_FAILED_TEXT = "Could not load the attachments.";

/** The eight documents in the order spec §2 lists their labels (alphabetical). Sorted on first use: the first
 * localeCompare loads the browser's collation data, which the start-up of every list would otherwise pay. */
let kindsByLabel: (typeof DOCUMENT_KINDS)[number][] | undefined;
const documentKindsByLabel = () => (kindsByLabel ??= [...DOCUMENT_KINDS].sort((a, b) => a.label.localeCompare(b.label)));

export interface AttachmentsViewProps {
  loading: boolean;
  /** The reply of GET /api/passport/{id}/get-attachments. */
  attachments?: Partial<Attachments> | null;
  /** The attachments could not be loaded: an error with Retry shows, not the empty state. */
  failed?: boolean;
  onRetry?: () => void;
}

/** The documents of a passport: each as an image, a PDF in a frame or a download link (spec §2). */
export function AttachmentsView({ loading, attachments, failed, onRetry }: AttachmentsViewProps) {
  const present = documentKindsByLabel().flatMap((kind) => {
    const file = attachments?.[kind.replyKey];
    return file?.data ? [{ label: kind.label, file }] : [];
  });

  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (failed) return <LoadFailed messages={[ATTACHMENTS_FAILED_TEXT]} onRetry={onRetry} />;
  if (present.length === 0) return <Empty description={NO_ATTACHMENTS_TEXT} />;
  return present.map(({ label, file }) => <AttachmentItem key={label} label={label} file={file} />);
}

export interface AttachmentsModalProps extends AttachmentsViewProps {
  open: boolean;
  onClose: () => void;
}

export function AttachmentsModal({ open, onClose, ...view }: AttachmentsModalProps) {
  return (
    <Modal title="Attachments" open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <AttachmentsView {...view} />
    </Modal>
  );
}

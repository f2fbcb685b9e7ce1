import { Empty, Modal, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { type Attachments, DOCUMENT_KINDS } from "../../contract";
import { LoadFailed } from "../LoadFailed";
import { AttachmentItem } from "./AttachmentItem";
import { documentName } from "./document-name";

/** The eight documents in the order spec §2 lists their English labels (alphabetical), in every language. Sorted on first use: the first
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
  const { t } = useTranslation();
  const present = documentKindsByLabel().flatMap((kind) => {
    const file = attachments?.[kind.replyKey];
    return file?.data ? [{ key: kind.field, label: documentName(kind.field), file }] : [];
  });

  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  // The spec gives no text for attachments that failed to load (ours).
  if (failed) return <LoadFailed messages={[t("attachments.failed")]} onRetry={onRetry} />;
  if (present.length === 0) return <Empty description={t("attachments.none")} />;
  return present.map(({ key, label, file }) => <AttachmentItem key={key} label={label} file={file} />);
}

export interface AttachmentsModalProps extends AttachmentsViewProps {
  open: boolean;
  onClose: () => void;
}

export function AttachmentsModal({ open, onClose, ...view }: AttachmentsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t("attachments.title")} open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <AttachmentsView {...view} />
    </Modal>
  );
}

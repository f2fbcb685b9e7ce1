export {
  AttachmentsModal,
  AttachmentsView,
  ATTACHMENTS_FAILED_TEXT,
  NO_ATTACHMENTS_TEXT,
  type AttachmentsModalProps,
  type AttachmentsViewProps,
} from "./AttachmentsModal";
export { AttachmentItem } from "./AttachmentItem";
export { contentTypeOf } from "./file-type";
export { useFileUrl } from "./useFileUrl";

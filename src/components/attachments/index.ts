export { AttachmentsModal, NO_ATTACHMENTS_TEXT, type AttachmentsModalProps } from "./AttachmentsModal";
export { AttachmentItem } from "./AttachmentItem";
export { useFileUrl } from "./useFileUrl";

export {
  AttachmentsModal,
  AttachmentsView,
  type AttachmentsModalProps,
  type AttachmentsViewProps,
} from "./AttachmentsModal";
export { AttachmentItem } from "./AttachmentItem";
export { contentTypeOf } from "./file-type";
export { documentName } from "./document-name";
export { useFileUrl } from "./useFileUrl";

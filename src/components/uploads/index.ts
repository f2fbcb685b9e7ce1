export { isCancelled, UPLOAD_CANCELLED, useUpload } from "./useUpload";
export { sizeText, UploadProgressPanel } from "./UploadProgressPanel";

export { isCancelled, UPLOAD_CANCELLED, UPLOAD_CANCELLED_KEY, useUpload } from "./useUpload";
export { sizeText, UploadProgressPanel } from "./UploadProgressPanel";

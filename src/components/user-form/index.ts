export { UserForm, type UserFormData, type UserFormFiles, type UserFormProps } from "./UserForm";
export { createUserFormRules, updateUserFormRules, type UserFileValue, type UserFormInput } from "./schema";
export { assignableRoleOf, userFormDefaults } from "./defaults";
export { FilePreviewModal, type PreviewSource } from "./FilePreviewModal";
export { NO_FILE_DATA, previewKindOf, unsupportedFileType } from "./file-preview";

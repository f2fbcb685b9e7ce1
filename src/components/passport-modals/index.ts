export { AddPassportModal, type AddPassportModalProps } from "./AddPassportModal";
export { EditPassportModal, type EditPassportModalProps } from "./EditPassportModal";
export { PASSPORT_FORM_MESSAGES } from "./messages";
export { useSlots } from "./useSlots";

export { AddPassportModal, type AddPassportModalProps } from "./AddPassportModal";
export { EditPassportModal, type EditPassportModalProps } from "./EditPassportModal";
export { AGENTS_FAILED, SLOTS_FAILED } from "./useFormLists";
export { PASSPORT_FORM_MESSAGES } from "./messages";
export { useSlots } from "./useSlots";

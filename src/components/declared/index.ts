/** The declared resources' screens' parts (issue 26): one list, form, record page and history for every declaration. */
export { RecordTable } from "./RecordTable";
export { RecordForm } from "./RecordForm";
export { RecordFormModal } from "./RecordFormModal";
export { RecordDetails } from "./RecordDetails";
export { RecordActions } from "./RecordActions";
export { RecordHistory } from "./RecordHistory";
export { type DeclaredScreen, useDeclaredScreen, useRecordPermissions } from "./useDeclaredScreen";
export { failureNotice, successNotice } from "./notices";
export { fieldText } from "../../resources/model/field-text";
export { ExpiringRecords } from "./ExpiringRecords";
export { expiringFieldsOf, type ExpiringField } from "./expiring";
export { type DeclaredWords, useDeclaredWords } from "./useDeclaredWords";

export { PassportTable, type PassportTableContext, type PassportTableProps } from "./PassportTable";
export { PASSPORT_COLUMNS, passportColumn, type ColumnContext, type PassportColumn } from "./columns";
export { PassportAttachmentsModal } from "./PassportAttachmentsModal";
export { usePassportTableState, TABLE_PARAMS, type PassportTableState } from "./usePassportTableState";
export { useAgents } from "./useAgents";
export { usePassportAttachments } from "./usePassportAttachments";
export { PASSPORT_LIST_IDENTIFIERS, useInvalidatePassportLists } from "./useInvalidatePassportLists";

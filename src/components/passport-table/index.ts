export { PassportTable, type PassportTableContext, type PassportTableProps } from "./PassportTable";
export {
  passportColumn,
  layoutOf,
  type ColumnContext,
  type ColumnLayout,
  type PassportColumn,
  type PassportExtraColumn,
} from "./columns";
export { ColumnChooser } from "./ColumnChooser";
export { columnChoiceKey, useColumnChoice } from "./useColumnChoice";
export { PassportAttachmentsModal } from "./PassportAttachmentsModal";
export { usePassportTableState, type PassportTableState } from "./usePassportTableState";
export { PASSPORT_COLUMN_TITLES } from "../../format/passport-cells";
export { passportColumnTitle } from "../display/words";
export { passportFilterKeys, TABLE_PARAMS } from "./table-params";
export { useAgents } from "./useAgents";
export { usePassportAttachments } from "./usePassportAttachments";
export { useInvalidatePassportLists } from "./useInvalidatePassportLists";

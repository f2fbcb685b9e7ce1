export { FILE_PARAM, FILE_TAB_PARAM, type FileTab, usePassportFileParam } from "./usePassportFileParam";

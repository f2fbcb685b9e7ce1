export { displayStatus, statusColor, type StatusPalette } from "./status";
export { StatusTag, type StatusTagProps } from "./StatusTag";
export { ProgressFlag } from "./ProgressFlag";
export { localColumnText, localNumber, passportColumnTitle, progressFlagWords, statusText } from "./words";
export { PAGE_SIZE_OPTIONS, serialNumber, showTotal, tableFooterText } from "./pagination";

export { displayStatus, statusColor, type StatusPalette } from "./status";
export { StatusTag, type StatusTagProps } from "./StatusTag";
export { ProgressFlag } from "./ProgressFlag";
export { PAGE_SIZE_OPTIONS, serialNumber, showTotal, tableFooterText } from "./pagination";

export { ExportButton } from "./ExportButton";
export { downloadExport, type ExportFormat } from "./download";

import { Tag } from "antd";
import { displayStatus, statusColor, type StatusPalette } from "./status";

export interface StatusTagProps {
  status: string | null | undefined;
  /** "history" for the Application History table (blue for everything but APPROVED / REJECTED). */
  palette?: StatusPalette;
}

export function StatusTag({ status, palette = "default" }: StatusTagProps) {
  if (!status) return null;
  return <Tag color={statusColor(status, palette)}>{displayStatus(status)}</Tag>;
}

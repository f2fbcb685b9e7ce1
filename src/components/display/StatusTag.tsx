import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { statusColor, type StatusPalette } from "./status";
import { statusText } from "./words";

export interface StatusTagProps {
  status: string | null | undefined;
  /** "history" for the Application History table (blue for everything but APPROVED / REJECTED). */
  palette?: StatusPalette;
}

export function StatusTag({ status, palette = "default" }: StatusTagProps) {
  useTranslation(); // drawn anew in the other language
  if (!status) return null;
  return <Tag color={statusColor(status, palette)}>{statusText(status)}</Tag>;
}

import { DownloadOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import type { ExportFormat } from "../../contract";
import { EXPORT_FORMAT_LABELS } from "../export/download";

const FORMATS: readonly ExportFormat[] = ["csv", "xlsx"];

/** A button that downloads a file in the format picked from its menu: CSV or Excel (XLSX). */
export function FormatMenuButton({ label, loading, disabled, onPick }: { label: string; loading?: boolean; disabled?: boolean; onPick: (format: ExportFormat) => void }) {
  return (
    <Dropdown
      trigger={["click"]}
      disabled={disabled || loading}
      menu={{ items: FORMATS.map((format) => ({ key: format, label: EXPORT_FORMAT_LABELS[format] })), onClick: ({ key }) => onPick(key as ExportFormat) }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={loading}>
        {label}
      </Button>
    </Dropdown>
  );
}

import { Button, Flex, Progress, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import type { UploadProgress } from "../../providers/upload-progress";

const percent = (sent: number, total: number) => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);

/** 1536000 → "1.5 MB", 20480 → "20 kB". */
export function sizeText(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

/** An upload under way: the whole and each file, and Cancel. */
export function UploadProgressPanel({ progress, onCancel }: { progress: UploadProgress; onCancel: () => void }) {
  const { t } = useTranslation();
  const { digits } = useFormat();
  const files = progress.files.filter((file) => file.size > 0);
  return (
    <Flex vertical gap={4} role="group" aria-label={t("uploads.progressGroup")} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" gap={12}>
        <Typography.Text strong>
          {t("uploads.uploading", { sent: digits(sizeText(progress.sent)), total: progress.total > 0 ? digits(sizeText(progress.total)) : "…" })}
        </Typography.Text>
        <Button onClick={onCancel}>{t("uploads.cancel")}</Button>
      </Flex>
      <Progress percent={percent(progress.sent, progress.total)} aria-label={t("uploads.totalProgress")} />
      {files.map((file) => (
        <Flex key={file.field} gap={12} align="center">
          <Typography.Text ellipsis style={{ width: 220, flex: "none" }}>
            {file.name}
          </Typography.Text>
          <Progress size="small" percent={percent(file.sent, file.size)} aria-label={t("uploads.fileProgress", { name: file.name })} style={{ margin: 0 }} />
        </Flex>
      ))}
    </Flex>
  );
}

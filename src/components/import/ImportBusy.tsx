import { Flex, Progress, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { sizeText } from "../uploads";
import type { ImportBusy as Busy } from "./useImportWizard";

/**
 * A check or an import under way: the file's upload while it goes (minutes on a slow uplink), then
 * what the server is doing. Only the phase is announced; the bytes are shown, not read out.
 */
export function ImportBusy({ busy }: { busy: Busy }) {
  const { t } = useTranslation();
  const { language, digits } = useFormat();
  const sending = busy.total === 0 || busy.sent < busy.total;
  const phase = sending ? t("import.sending") : busy.task === "import" ? t("import.importing") : t("import.checking");
  const percent = busy.total > 0 ? Math.min(100, Math.floor((busy.sent / busy.total) * 100)) : 0;
  return (
    <Flex vertical gap={8} style={{ padding: "16px 0" }}>
      <Flex gap={12} align="center">
        <Spin />
        <Typography.Text role="status" aria-live="polite">
          {phase}
        </Typography.Text>
      </Flex>
      {sending && busy.total > 0 && (
        <>
          <Typography.Text type="secondary">{t("import.sentOf", { sent: digits(sizeText(busy.sent)), total: digits(sizeText(busy.total)) })}</Typography.Text>
          {/* A format of its own in Bengali only: antd's, in English, shows a tick at 100 %. */}
          <Progress percent={percent} aria-label={t("import.uploadProgress")} format={language === "en" ? undefined : (value) => digits(`${value ?? 0}%`)} />
        </>
      )}
    </Flex>
  );
}

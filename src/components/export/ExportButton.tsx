import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Dropdown, Modal, Typography } from "antd";
import { useRef, useState } from "react";
import { EXPORT_FORMAT_LABELS, type ExportFormat, saveFile } from "./download";

export interface ExportButtonProps {
  /** The list's name, in the dialog's title ("Exporting Employers"). */
  listLabel: string;
  formats: readonly ExportFormat[];
  /** Fetches the file of the list as it is on screen. */
  download: (format: ExportFormat, signal: AbortSignal, onProgress: (bytes: number) => void) => Promise<File>;
}

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * "Export": the list as a file in a format the user picks, every page of it as filtered and ordered on
 * screen. While it comes, a dialog says how much has arrived and offers Cancel; then the browser saves it.
 */
export function ExportButton({ listLabel, formats, download }: ExportButtonProps) {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const { digits } = useFormat();
  const [received, setReceived] = useState<number | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  const run = async (format: ExportFormat) => {
    const abort = new AbortController();
    controller.current = abort;
    setReceived(0);
    try {
      const file = await download(format, abort.signal, setReceived);
      saveFile(file);
      notification.success({ message: t("export.done", { file: file.name }) });
    } catch (error) {
      if (!abort.signal.aborted) notification.error({ message: t("export.failed"), description: error instanceof Error ? error.message : undefined });
    } finally {
      controller.current = undefined;
      setReceived(undefined);
    }
  };

  return (
    <>
      <Dropdown
        trigger={["click"]}
        disabled={received !== undefined}
        menu={{ items: formats.map((format) => ({ key: format, label: EXPORT_FORMAT_LABELS[format] })), onClick: ({ key }) => void run(key as ExportFormat) }}
      >
        <Button icon={<DownloadOutlined aria-hidden />}>{t("export.button")}</Button>
      </Dropdown>
      <Modal
        open={received !== undefined}
        title={t("export.exporting", { list: listLabel })}
        closable={false}
        maskClosable={false}
        footer={<Button onClick={() => controller.current?.abort()}>{t("export.cancel")}</Button>}
      >
        <Typography.Paragraph role="status" aria-live="polite">
          {received ? t("export.received", { size: digits(sizeText(received)) }) : t("export.preparing")}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

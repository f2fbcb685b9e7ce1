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
  const [received, setReceived] = useState<number | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  const run = async (format: ExportFormat) => {
    const abort = new AbortController();
    controller.current = abort;
    setReceived(0);
    try {
      const file = await download(format, abort.signal, setReceived);
      saveFile(file);
      notification.success({ message: `Exported ${file.name}` });
    } catch (error) {
      if (!abort.signal.aborted) notification.error({ message: "The export failed", description: error instanceof Error ? error.message : undefined });
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
        <Button icon={<DownloadOutlined />}>Export</Button>
      </Dropdown>
      <Modal
        open={received !== undefined}
        title={`Exporting ${listLabel}`}
        closable={false}
        maskClosable={false}
        footer={<Button onClick={() => controller.current?.abort()}>Cancel</Button>}
      >
        <Typography.Paragraph role="status" aria-live="polite">
          {received ? `${sizeText(received)} received` : "Preparing the file…"}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

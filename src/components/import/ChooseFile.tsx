import { InboxOutlined } from "@ant-design/icons";
import { Flex, Typography, Upload } from "antd";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ExportFormat } from "../../contract";
import { FormatMenuButton } from "./FormatMenuButton";
import { IMPORT_EXTENSIONS } from "./import-messages";

export interface ChooseFileProps {
  templateLoading: boolean;
  onTemplate: (format: ExportFormat) => void;
  onFile: (file: File) => void;
}

function openOnSpace(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (event.key !== " " || target.getAttribute("role") !== "button") return;
  event.preventDefault();
  target.querySelector<HTMLInputElement>("input[type=file]")?.click();
}

/** Step 1: the template to fill, and the file to check (picked or dropped; Enter or Space opens the picker). */
export function ChooseFile({ templateLoading, onTemplate, onFile }: ChooseFileProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text>{t("import.templateHelp")}</Typography.Text>
        <FormatMenuButton label={t("import.downloadTemplate")} loading={templateLoading} onPick={onTemplate} />
      </Flex>
      {/* antd's picker is a role="button" that opens on Enter only; a button opens on Space too. */}
      <div onKeyDown={openOnSpace}>
        <Upload.Dragger
          accept={IMPORT_EXTENSIONS.join(",")}
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            onFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t("import.chooseFile")}</p>
          <p className="ant-upload-hint">{t("import.dropHint")}</p>
        </Upload.Dragger>
      </div>
    </Flex>
  );
}

import { FilePdfOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useIsPhone } from "../layout/useIsNarrow";
import { contentTypeOf, type LooseFile } from "./file-type";
import { useFileUrl } from "./useFileUrl";

export interface AttachmentItemProps {
  label: string;
  file: LooseFile;
}

/**
 * One stored document: an image with a download link, a PDF in a frame with its name and "Open PDF"
 * (on a phone, the name and "Open PDF" alone), else a link.
 * A file sent without a content type is judged by its name's extension.
 */
export function AttachmentItem({ label, file }: AttachmentItemProps) {
  const { t } = useTranslation();
  const url = useFileUrl(file);
  const phone = useIsPhone();
  const fileName = file.fileName || label;
  const type = contentTypeOf(file) ?? "";

  let body;
  if (type.startsWith("image/")) {
    body = (
      <>
        <img src={url} alt={label} style={{ display: "block", maxWidth: "100%", maxHeight: 400, marginBottom: 8 }} />
        <a href={url} download={fileName} style={{ textDecoration: "underline" }}>
          {t("attachments.download")}
        </a>
      </>
    );
  } else if (type === "application/pdf") {
    // Phone browsers draw no PDF in a frame (an empty box): there, a clear button opens it instead.
    const open = (
      <Button href={url} target="_blank" rel="noopener noreferrer" icon={<FilePdfOutlined aria-hidden />}>
        {t("attachments.openPdf")}
      </Button>
    );
    body = phone ? (
      <Flex vertical gap={8} align="start">
        <Typography.Text>{fileName}</Typography.Text>
        <Flex gap={12} align="center" wrap>
          {open}
          <a href={url} download={fileName} style={{ textDecoration: "underline" }}>
            {t("attachments.download")}
          </a>
        </Flex>
      </Flex>
    ) : (
      <>
        <iframe src={url} title={fileName} style={{ width: "100%", height: 480, border: "1px solid #f0f0f0" }} />
        <Flex gap={12} align="center" wrap>
          <a href={url} download={fileName} style={{ textDecoration: "underline" }}>
            {fileName}
          </a>
          {open}
        </Flex>
      </>
    );
  } else {
    body = (
      <a href={url} download={fileName} style={{ textDecoration: "underline" }}>
        {fileName}
      </a>
    );
  }

  return (
    <section aria-label={label} style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{label}</Typography.Title>
      {body}
    </section>
  );
}

import { Typography } from "antd";
import { contentTypeOf, type LooseFile } from "./file-type";
import { useFileUrl } from "./useFileUrl";

export interface AttachmentItemProps {
  label: string;
  file: LooseFile;
}

/**
 * One stored document: an image with a download link, a PDF in a frame with its name, else a link.
 * A file sent without a content type is judged by its name's extension.
 */
export function AttachmentItem({ label, file }: AttachmentItemProps) {
  const url = useFileUrl(file);
  const fileName = file.fileName || label;
  const type = contentTypeOf(file) ?? "";

  let body;
  if (type.startsWith("image/")) {
    body = (
      <>
        <img src={url} alt={label} style={{ display: "block", maxWidth: "100%", maxHeight: 400, marginBottom: 8 }} />
        <a href={url} download={fileName}>
          Download
        </a>
      </>
    );
  } else if (type === "application/pdf") {
    body = (
      <>
        <iframe src={url} title={fileName} style={{ width: "100%", height: 480, border: "1px solid #f0f0f0" }} />
        <a href={url} download={fileName}>
          {fileName}
        </a>
      </>
    );
  } else {
    body = (
      <a href={url} download={fileName}>
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

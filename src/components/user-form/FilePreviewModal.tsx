import { Alert, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AttachmentFile } from "../../contract";
import { useFileUrl } from "../attachments";
import { previewKindOf } from "./file-preview";

/** A file chosen in the form (File) or one already stored on the user (base64). */
export type PreviewSource = File | AttachmentFile;

export interface FilePreviewModalProps {
  title: string;
  source: PreviewSource | undefined;
  onClose: () => void;
}

/** Spec §2: a selected or stored user file shown in a popup (image or PDF frame) with a download link. */
export function FilePreviewModal({ title, source, onClose }: FilePreviewModalProps) {
  return (
    <Modal title={title} open={source !== undefined} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      {source instanceof File ? <LocalFilePreview file={source} /> : source ? <StoredFilePreview file={source} /> : null}
    </Modal>
  );
}

function LocalFilePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return <PreviewBody fileName={file.name} contentType={file.type} hasData={file.size > 0} url={url} />;
}

function StoredFilePreview({ file }: { file: AttachmentFile }) {
  const url = useFileUrl(file);
  return <PreviewBody fileName={file.fileName} contentType={file.contentType} hasData={Boolean(file.data)} url={url} />;
}

interface PreviewBodyProps {
  fileName: string;
  contentType: string;
  hasData: boolean;
  url: string | undefined;
}

function PreviewBody({ fileName, contentType, hasData, url }: PreviewBodyProps) {
  const { t } = useTranslation();
  const preview = previewKindOf(contentType, hasData);
  if ("problem" in preview) return <Alert type="error" showIcon message={t(preview.key, preview.values)} />;
  if (!url) return null;
  return (
    <>
      {preview.kind === "image" ? (
        <img src={url} alt={fileName} style={{ display: "block", maxWidth: "100%", maxHeight: 480, marginBottom: 8 }} />
      ) : (
        <iframe src={url} title={fileName} style={{ width: "100%", height: 480, border: "1px solid #f0f0f0", marginBottom: 8 }} />
      )}
      <a href={url} download={fileName}>
        {t("userForm.download", { file: fileName })}
      </a>
    </>
  );
}

import { UploadOutlined } from "@ant-design/icons";
import { Button, Typography, Upload, type UploadFile } from "antd";
import type { RcFile } from "antd/es/upload";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { AttachmentFile } from "../../contract";
import { needsShrinking, shrinkImage } from "../uploads/shrink-image";

export const IMAGE_ACCEPT = "image/png,image/jpeg";
export const DOCUMENT_ACCEPT = ".pdf,.png,.jpg,.jpeg";

export interface DocumentUploadProps {
  id: string;
  imagesOnly?: boolean;
  value: UploadFile[] | undefined;
  onChange: (files: UploadFile[]) => void;
  /** The file already stored for this document (edit mode). */
  existing?: AttachmentFile | null;
}

/** The list entry for the smaller copy of an image, in place of the original. */
function shrunkEntry(entry: UploadFile, file: File): UploadFile {
  const originFileObj = Object.assign(file, { uid: entry.uid }) as RcFile;
  return { ...entry, name: file.name, size: file.size, type: file.type, status: "done", originFileObj };
}

/**
 * One document slot. Files are kept in the form, not uploaded on their own; a second file is added to
 * the list rather than replacing the first, so the "Only one file is allowed" rule can tell the user.
 * A large photo or scan is replaced by a smaller JPEG as soon as it is chosen (shown as in progress
 * meanwhile); PDFs are kept as they are.
 */
export function DocumentUpload({ id, imagesOnly, value, onChange, existing }: DocumentUploadProps) {
  const { t } = useTranslation();
  const files = value ?? [];
  const latest = useRef(files);
  latest.current = files;
  const change = (next: UploadFile[]) => {
    latest.current = next;
    onChange(next);
  };

  const shrink = (entry: UploadFile) => {
    void shrinkImage(entry.originFileObj!).then((file) => {
      change(latest.current.map((item) => (item.uid === entry.uid ? shrunkEntry(item, file) : item)));
    });
  };

  return (
    <>
      <Upload
        id={id}
        accept={imagesOnly ? IMAGE_ACCEPT : DOCUMENT_ACCEPT}
        beforeUpload={() => false}
        fileList={files}
        onChange={({ file, fileList }) => {
          const added = fileList.find((item) => item.uid === file.uid && item.status === undefined);
          const large = added?.originFileObj !== undefined && needsShrinking(added.originFileObj);
          change(large ? fileList.map((item) => (item === added ? { ...item, status: "uploading" as const } : item)) : fileList);
          if (large) shrink(added);
        }}
      >
        <Button icon={<UploadOutlined />}>{t("passportForm.selectFile")}</Button>
      </Upload>
      {existing?.data && files.length === 0 && (
        <Typography.Text type="secondary">{t("passportForm.storedFile", { fileName: existing.fileName })}</Typography.Text>
      )}
    </>
  );
}

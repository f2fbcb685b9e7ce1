import { UploadOutlined } from "@ant-design/icons";
import { Button, Typography, Upload, type UploadFile } from "antd";
import type { AttachmentFile } from "../../contract";

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

/**
 * One document slot. Files are kept in the form, not uploaded on their own; a second file is added to
 * the list rather than replacing the first, so the "Only one file is allowed" rule can tell the user.
 */
export function DocumentUpload({ id, imagesOnly, value, onChange, existing }: DocumentUploadProps) {
  const files = value ?? [];
  return (
    <>
      <Upload
        id={id}
        accept={imagesOnly ? IMAGE_ACCEPT : DOCUMENT_ACCEPT}
        beforeUpload={() => false}
        fileList={files}
        onChange={({ fileList }) => onChange(fileList)}
      >
        <Button icon={<UploadOutlined />}>Select File</Button>
      </Upload>
      {existing?.data && files.length === 0 && (
        <Typography.Text type="secondary">{`Stored: ${existing.fileName} (kept unless replaced)`}</Typography.Text>
      )}
    </>
  );
}

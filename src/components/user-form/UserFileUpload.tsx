import { EyeOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserFile } from "../../contract";
import { needsShrinking, shrinkImage } from "../uploads/shrink-image";
import type { UserFileValue } from "./schema";
import type { PreviewSource } from "./FilePreviewModal";

export const USER_FILE_ACCEPT = ".png,.jpg,.jpeg,.pdf";

export interface UserFileUploadProps {
  id: string;
  label: string;
  value: UserFileValue;
  onChange: (value: UserFileValue) => void;
  /** The file stored on the user (edit mode); its name is the field's value until a new file replaces it. */
  stored?: UserFile | null;
  onPreview: (source: PreviewSource) => void;
}

/**
 * One user file (passport or NID): choose one file, see its name, preview it; a new choice replaces
 * the old. A large photo or scan is replaced by a smaller JPEG first (PDFs are kept as they are).
 */
export function UserFileUpload({ id, label, value, onChange, stored, onPreview }: UserFileUploadProps) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const chosen = value instanceof File ? value : undefined;
  const previewable: PreviewSource | undefined = chosen ?? (typeof value === "string" && stored ? stored : undefined);
  const name = chosen?.name ?? (typeof value === "string" ? value : undefined);
  return (
    <Space direction="vertical" size={4}>
      <Upload
        id={id}
        accept={USER_FILE_ACCEPT}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!needsShrinking(file)) onChange(file);
          else {
            setPreparing(true);
            void shrinkImage(file)
              .then(onChange)
              .finally(() => setPreparing(false));
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={preparing}>{t("userForm.selectFile", { label })}</Button>
      </Upload>
      {name && (
        <Space wrap>
          <Typography.Text>{chosen ? name : t("userForm.stored", { file: name })}</Typography.Text>
          {previewable && (
            <Button size="small" icon={<EyeOutlined aria-hidden />} onClick={() => onPreview(previewable)} aria-label={t("userForm.previewNamed", { label })}>
              {t("userForm.preview")}
            </Button>
          )}
          {chosen && (
            <Button size="small" onClick={() => onChange(stored?.fileName ?? undefined)} aria-label={t("userForm.removeNamed", { label })}>
              {t("userForm.remove")}
            </Button>
          )}
        </Space>
      )}
    </Space>
  );
}

import { useTranslation } from "react-i18next";
import { EyeOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { UPLOAD_CONTENT_TYPES } from "../../contract";
import type { FileField } from "../../resources/model/fields";
import { needsShrinking, shrinkImage } from "../uploads/shrink-image";
import { FilePreviewModal } from "../user-form/FilePreviewModal";
import { isStoredFile } from "../../resources/model/field-text";
import { StoredFileActions } from "./StoredFileActions";

/** A file field's value in the form: the stored file (kept), a file chosen to replace it, or null (none, or removed). */
export type FileValue = File | { fileName: string; contentType: string; size: number } | null | undefined;

const EXTENSIONS: Record<string, string> = { "application/pdf": ".pdf", "image/png": ".png", "image/jpeg": ".jpg,.jpeg" };

export interface FileInputProps {
  id: string;
  field: FileField;
  /** The field's label in the chosen language. */
  label: string;
  value: FileValue;
  onChange: (value: FileValue) => void;
  /** A file of a type the field does not take: its message goes under the field. */
  onRefused: (message: string) => void;
  /** Where the stored file is read, when the record has one. */
  storedUrl?: string;
}

/**
 * One file of a record: choose it (a large photo is made smaller first, as the passport forms do),
 * preview what was chosen, remove it; a stored file can be previewed, downloaded and removed.
 */
export function FileInput({ id, field, label, value, onChange, onRefused, storedUrl }: FileInputProps) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const accept = field.accept ?? UPLOAD_CONTENT_TYPES;
  const chosen = value instanceof File ? value : undefined;
  const stored = isStoredFile(value) ? value : undefined;
  return (
    <Space direction="vertical" size={4}>
      <Upload
        id={id}
        accept={accept.map((type) => EXTENSIONS[type] ?? type).join(",")}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!(accept as readonly string[]).includes(file.type)) onRefused("Unsupported file type");
          else if (!needsShrinking(file)) onChange(file);
          else {
            setPreparing(true);
            void shrinkImage(file)
              .then(onChange)
              .finally(() => setPreparing(false));
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={preparing}>{t("declared.selectFile", { label })}</Button>
      </Upload>
      {chosen && (
        <Space wrap>
          <Typography.Text>{chosen.name}</Typography.Text>
          <Button size="small" icon={<EyeOutlined aria-hidden />} onClick={() => setPreviewing(true)} aria-label={t("declared.previewNamed", { label })}>
            {t("declared.preview")}
          </Button>
          <Button size="small" onClick={() => onChange(null)} aria-label={t("declared.removeNamed", { label })}>
            {t("declared.remove")}
          </Button>
          <FilePreviewModal title={chosen.name} source={previewing ? chosen : undefined} onClose={() => setPreviewing(false)} />
        </Space>
      )}
      {stored && (
        <Space wrap>
          <Typography.Text>{t("declared.stored", { file: stored.fileName })}</Typography.Text>
          {storedUrl && <StoredFileActions url={storedUrl} file={stored} label={label} />}
          <Button size="small" onClick={() => onChange(null)} aria-label={t("declared.removeNamed", { label })}>
            {t("declared.remove")}
          </Button>
        </Space>
      )}
    </Space>
  );
}

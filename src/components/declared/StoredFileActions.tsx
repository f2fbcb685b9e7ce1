import { useTranslation } from "react-i18next";
import { DownloadOutlined, EyeOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useState } from "react";
import { FilePreviewModal } from "../user-form/FilePreviewModal";
import type { StoredFile } from "../../resources/model/field-text";
import { fetchStoredFile, saveFile } from "./useStoredFile";

const PREVIEWABLE = new Set(["application/pdf", "image/png", "image/jpeg"]);

/**
 * A stored file's Preview (images and PDFs, in the user form's preview popup) and Download, each
 * fetching its bytes on first use only: a list of records does not download their scans.
 */
export function StoredFileActions({ url, file, label }: { url: string; file: StoredFile; label: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<File>();
  const [previewing, setPreviewing] = useState(false);
  const [busy, setBusy] = useState<"preview" | "download">();
  const load = async (why: "preview" | "download") => {
    if (loaded) return loaded;
    setBusy(why);
    try {
      const bytes = await fetchStoredFile(url, file);
      setLoaded(bytes);
      return bytes;
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Space wrap size={4}>
      {PREVIEWABLE.has(file.contentType) && (
        <Button
          size="small"
          icon={<EyeOutlined aria-hidden />}
          loading={busy === "preview"}
          aria-label={t("declared.previewFile", { label, file: file.fileName })}
          onClick={() => void load("preview").then(() => setPreviewing(true), () => undefined)}
        >
          {t("declared.preview")}
        </Button>
      )}
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === "download"}
        aria-label={t("declared.downloadFile", { label, file: file.fileName })}
        onClick={() => void load("download").then(saveFile, () => undefined)}
      >
        {t("declared.download")}
      </Button>
      <FilePreviewModal title={`${label}: ${file.fileName}`} source={previewing ? loaded : undefined} onClose={() => setPreviewing(false)} />
    </Space>
  );
}

import { UploadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImportWizard, type ImportWizardProps } from "./ImportWizard";

/** "Import", opening the import wizard for a list. */
export function ImportButton(props: Omit<ImportWizardProps, "open" | "onClose">) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t("import.button")}
      </Button>
      {/* Mounted while open: each opening starts afresh, and closing cancels what was under way. */}
      {open && <ImportWizard {...props} open onClose={() => setOpen(false)} />}
    </>
  );
}

import { UploadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { ImportWizard, type ImportWizardProps } from "./ImportWizard";

/** "Import", opening the import wizard for a list. */
export function ImportButton(props: Omit<ImportWizardProps, "open" | "onClose">) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {/* Mounted while open: each opening starts afresh, and closing cancels what was under way. */}
      {open && <ImportWizard {...props} open onClose={() => setOpen(false)} />}
    </>
  );
}

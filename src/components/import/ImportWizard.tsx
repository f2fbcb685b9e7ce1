import { Alert, App, Button, Flex, Modal, Steps, Typography } from "antd";
import { useEffect, useRef } from "react";
import { ChooseFile } from "./ChooseFile";
import { FormatMenuButton } from "./FormatMenuButton";
import { ImportBusy } from "./ImportBusy";
import { ImportCounts } from "./ImportCounts";
import { countOf } from "./import-messages";
import { IssueTable } from "./IssueTable";
import { MatchedColumns } from "./MatchedColumns";
import { useImportWizard } from "./useImportWizard";

export interface ImportWizardProps {
  open: boolean;
  onClose: () => void;
  /** The records' name on the list: the title reads "Import Passports". */
  listLabel: string;
  /** What one row becomes, for "Import 3 passports". */
  noun: { one: string; other: string };
  /** GET: the template (`?format=csv|xlsx`). */
  templateUrl: string;
  /** POST: the file checked (`?dryRun=true`), imported (`?dryRun=false`), or its failed rows (`&failedRows=`). */
  importUrl: string;
  /** Refreshes what shows the records (the lists), after an import. */
  refresh: () => unknown;
}

const STEPS = [{ title: "Choose a file" }, { title: "Check" }, { title: "Import" }];

/**
 * A spreadsheet's rows as new records, in three steps: the template and the file; a dry run's preview
 * (columns matched, rows new, duplicate and failed, each failed row's messages, the failed rows as a
 * file to fix); the import of the rows that passed, and what it did. Nothing is written before the
 * user has seen the preview and pressed Import.
 */
export function ImportWizard({ open, onClose, listLabel, noun, templateUrl, importUrl, refresh }: ImportWizardProps) {
  const { notification } = App.useApp();
  const wizard = useImportWizard({
    templateUrl,
    importUrl,
    refresh,
    onImported: (result) => notification.success({ message: `Imported ${countOf(result.created, noun)}` }),
  });
  const { file, preview, result, error, busy } = wizard.state;
  const checking = busy?.task === "check" || busy?.task === "import";
  const step = result || busy?.task === "import" ? 2 : preview || busy?.task === "check" ? 1 : 0;
  const report = result ?? preview;

  // Each stage replaces what held the focus (the file picker, the pressed button): the focus moves to
  // the stage's content, so the keyboard stays in the dialog (Tab, Escape) and a screen reader reads it.
  const stage = result ? "result" : checking ? "busy" : preview ? "preview" : "choose";
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dialog = content.current?.closest(".ant-modal");
    if (dialog && !dialog.contains(document.activeElement)) content.current?.focus({ preventScroll: true });
  }, [stage]);

  const close = () => {
    if (wizard.writing) return;
    wizard.restart();
    onClose();
  };

  const failedRows = report && report.failed > 0 && (
    <div>
      <FormatMenuButton label="Download failed rows" loading={busy?.task === "failed-rows"} disabled={checking} onPick={(format) => void wizard.downloadFailedRows(format)} />
    </div>
  );

  const footer = (
    <Flex wrap gap={8} justify="flex-end">
      {result ? (
        <Button type="primary" onClick={close}>
          Done
        </Button>
      ) : checking ? (
        !wizard.writing && <Button onClick={wizard.cancel}>Cancel</Button>
      ) : (
        <>
          {preview && <Button onClick={wizard.restart}>Choose another file</Button>}
          <Button onClick={close}>Cancel</Button>
          {preview && (
            <Button type="primary" disabled={preview.created === 0 || busy !== undefined} onClick={() => void wizard.importRows()}>
              {`Import ${countOf(preview.created, noun)}`}
            </Button>
          )}
        </>
      )}
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={`Import ${listLabel}`}
      onCancel={close}
      closable={!wizard.writing}
      maskClosable={false}
      keyboard={!wizard.writing}
      footer={footer}
      width={760}
    >
      <Flex vertical gap={16}>
        <Steps size="small" current={step} status={result ? "finish" : undefined} items={STEPS} responsive={false} labelPlacement="vertical" />
        {error && <Alert type="error" showIcon message={error} />}
        {file && <Typography.Text>{`File: ${file.name}`}</Typography.Text>}
        <Flex vertical gap={16} ref={content} tabIndex={-1} style={{ outline: "none" }}>
          {checking && busy ? (
            <ImportBusy busy={busy} />
          ) : result ? (
            <>
              <Alert type={result.created > 0 ? "success" : "info"} showIcon message={`Imported ${countOf(result.created, noun)}.`} />
              <ImportCounts report={result} done />
              {failedRows}
              {result.errors.length > 0 && <IssueTable id="import-errors" title="Failed rows" issues={result.errors} />}
            </>
          ) : preview ? (
            <>
              <Typography.Text>Nothing has been saved yet. Check what the file holds, then import the new rows.</Typography.Text>
              <ImportCounts report={preview} done={false} />
              <MatchedColumns columns={preview.columns} />
              {failedRows}
              {preview.errors.length > 0 && <IssueTable id="import-errors" title="Failed rows" issues={preview.errors} />}
              {preview.warnings.length > 0 && <IssueTable id="import-warnings" title="Warnings" issues={preview.warnings} />}
            </>
          ) : (
            <ChooseFile templateLoading={busy?.task === "template"} onTemplate={(format) => void wizard.downloadTemplate(format)} onFile={(f) => void wizard.chooseFile(f)} />
          )}
        </Flex>
      </Flex>
    </Modal>
  );
}

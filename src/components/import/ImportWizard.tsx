import { Alert, App, Button, Flex, Modal, Steps, Typography } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { ChooseFile } from "./ChooseFile";
import { FormatMenuButton } from "./FormatMenuButton";
import { ImportBusy } from "./ImportBusy";
import { ImportCounts } from "./ImportCounts";
import { countOf, rowCount } from "./import-messages";
import { IssueTable } from "./IssueTable";
import { MatchedColumns } from "./MatchedColumns";
import { useImportWizard } from "./useImportWizard";

export interface ImportWizardProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's title, in the user's language: "Import Passports", "Import Employers". */
  title: string;
  /** What one row becomes, for "Import 3 passports", in the user's language. */
  noun: { one: string; other: string };
  /** A field's label in the user's language, by its name, for the columns matched (the server's are English). */
  fieldLabel?: (field: string) => string | undefined;
  /** GET: the template (`?format=csv|xlsx`). */
  templateUrl: string;
  /** POST: the file checked (`?dryRun=true`), imported (`?dryRun=false`), or its failed rows (`&failedRows=`). */
  importUrl: string;
  /** Refreshes what shows the records (the lists), after an import. */
  refresh: () => unknown;
}

/**
 * A spreadsheet's rows as new records, in three steps: the template and the file; a dry run's preview
 * (columns matched, rows new, duplicate and failed, each failed row's messages, the failed rows as a
 * file to fix); the import of the rows that passed, and what it did. Nothing is written before the
 * user has seen the preview and pressed Import.
 */
export function ImportWizard({ open, onClose, title, noun, fieldLabel, templateUrl, importUrl, refresh }: ImportWizardProps) {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const { language, count } = useFormat();
  const rows = (n: number) => countOf(n, noun, rowCount(language, count));
  const steps = [{ title: t("import.steps.choose") }, { title: t("import.steps.check") }, { title: t("import.steps.import") }];
  const wizard = useImportWizard({
    templateUrl,
    importUrl,
    refresh,
    onImported: (result) => notification.success({ message: t("import.imported", { rows: rows(result.created) }) }),
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
      <FormatMenuButton label={t("import.downloadFailedRows")} loading={busy?.task === "failed-rows"} disabled={checking} onPick={(format) => void wizard.downloadFailedRows(format)} />
    </div>
  );

  const footer = (
    <Flex wrap gap={8} justify="flex-end">
      {result ? (
        <Button type="primary" onClick={close}>
          {t("import.done")}
        </Button>
      ) : checking ? (
        !wizard.writing && <Button onClick={wizard.cancel}>{t("import.cancel")}</Button>
      ) : (
        <>
          {preview && <Button onClick={wizard.restart}>{t("import.chooseAnother")}</Button>}
          <Button onClick={close}>{t("import.cancel")}</Button>
          {preview && (
            <Button type="primary" disabled={preview.created === 0 || busy !== undefined} onClick={() => void wizard.importRows()}>
              {t("import.importRows", { rows: rows(preview.created) })}
            </Button>
          )}
        </>
      )}
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      closable={!wizard.writing}
      maskClosable={false}
      keyboard={!wizard.writing}
      footer={footer}
      width={760}
    >
      <Flex vertical gap={16}>
        <Steps size="small" current={step} status={result ? "finish" : undefined} items={steps} responsive={false} labelPlacement="vertical" />
        {error && <Alert type="error" showIcon message={error} />}
        {file && <Typography.Text>{t("import.file", { name: file.name })}</Typography.Text>}
        <Flex vertical gap={16} ref={content} tabIndex={-1} style={{ outline: "none" }}>
          {checking && busy ? (
            <ImportBusy busy={busy} />
          ) : result ? (
            <>
              <Alert type={result.created > 0 ? "success" : "info"} showIcon message={t("import.importedSentence", { rows: rows(result.created) })} />
              <ImportCounts report={result} done />
              {failedRows}
              {result.errors.length > 0 && <IssueTable id="import-errors" title={t("import.failedRows")} issues={result.errors} />}
            </>
          ) : preview ? (
            <>
              <Typography.Text>{t("import.previewHelp")}</Typography.Text>
              <ImportCounts report={preview} done={false} />
              <MatchedColumns columns={preview.columns} fieldLabel={fieldLabel} />
              {failedRows}
              {preview.errors.length > 0 && <IssueTable id="import-errors" title={t("import.failedRows")} issues={preview.errors} />}
              {preview.warnings.length > 0 && <IssueTable id="import-warnings" title={t("import.warnings")} issues={preview.warnings} />}
            </>
          ) : (
            <ChooseFile templateLoading={busy?.task === "template"} onTemplate={(format) => void wizard.downloadTemplate(format)} onFile={(f) => void wizard.chooseFile(f)} />
          )}
        </Flex>
      </Flex>
    </Modal>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import type { ExportFormat, ImportReport } from "../../contract";
import { ApiRequestError } from "../../providers/http-errors";
import { downloadExport } from "../export";
import { saveFile } from "../export/download";
import { fetchFailedRows, sendImport } from "./import-requests";
import { importErrorText, isSpreadsheet, notASpreadsheet } from "./import-messages";

/** A request under way: what it is, and how much of the file has been sent. */
export interface ImportBusy {
  task: "template" | "check" | "import" | "failed-rows";
  sent: number;
  total: number;
}

export interface ImportWizardState {
  file?: File;
  /** The dry run's report: what an import would do. */
  preview?: ImportReport;
  /** The import's report: what was done. */
  result?: ImportReport;
  error?: string;
  busy?: ImportBusy;
}

export interface ImportWizardOptions {
  templateUrl: string;
  importUrl: string;
  onImported: (result: ImportReport) => void;
  /**
   * Refreshes what shows the records, after every import: one that fails part way keeps the batches
   * written before the failure (docs/import.md), and one cancelled while sending may have begun.
   */
  refresh: () => unknown;
}

const isAborted = (error: unknown) => error instanceof ApiRequestError && error.code === "ABORTED";

/**
 * The wizard's requests and what they answered, one at a time. Choosing a file sends its dry run at
 * once; only `importRows`, offered after the preview, writes. Every call can be cancelled but the
 * import once its file has been sent: from then on the server may be writing, and a cancel could not
 * promise that nothing was.
 */
export function useImportWizard({ templateUrl, importUrl, onImported, refresh }: ImportWizardOptions) {
  const [state, setState] = useState<ImportWizardState>({});
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  /** Runs one request with the busy state and its cancel; failures end in `error`, cancels in silence. */
  const run = useCallback(async <T>(task: ImportBusy["task"], call: (signal: AbortSignal, onSent: (sent: number, total: number) => void) => Promise<T>) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState((s) => ({ ...s, error: undefined, busy: { task, sent: 0, total: 0 } }));
    const onSent = (sent: number, total: number) => !abort.signal.aborted && setState((s) => (s.busy ? { ...s, busy: { task, sent, total } } : s));
    try {
      return await call(abort.signal, onSent);
    } catch (error) {
      if (!isAborted(error)) setState((s) => ({ ...s, error: importErrorText(error) }));
      return undefined;
    } finally {
      if (controller.current === abort) {
        controller.current = undefined;
        setState((s) => ({ ...s, busy: undefined }));
      }
    }
  }, []);

  const downloadTemplate = (format: ExportFormat) =>
    run("template", async (signal) => saveFile(await downloadExport({ url: templateUrl, params: { format }, signal, onProgress: () => undefined })));

  const chooseFile = async (file: File) => {
    if (!isSpreadsheet(file)) {
      setState({ error: notASpreadsheet() });
      return;
    }
    setState({ file });
    const preview = await run("check", (signal, onSent) => sendImport({ url: importUrl, file, signal, onSent, dryRun: true }));
    // A failed check goes back to choosing a file, with its message; a check of a file since replaced is dropped.
    setState((s) => (s.file !== file ? s : preview ? { ...s, preview } : { error: s.error }));
  };

  const importRows = async () => {
    const { file } = state;
    if (!file) return;
    const result = await run("import", (signal, onSent) => sendImport({ url: importUrl, file, signal, onSent, dryRun: false }));
    if (result) {
      setState((s) => ({ ...s, result }));
      onImported(result);
    }
    await refresh();
  };

  const downloadFailedRows = (format: ExportFormat) => {
    const { file } = state;
    if (!file) return;
    return run("failed-rows", async (signal, onSent) => saveFile(await fetchFailedRows({ url: importUrl, file, signal, onSent, format })));
  };

  const busy = state.busy;
  /** Past this point the server may be writing rows: see above. */
  const writing = busy?.task === "import" && busy.total > 0 && busy.sent >= busy.total;

  return {
    state,
    writing,
    downloadTemplate,
    chooseFile,
    importRows,
    downloadFailedRows,
    cancel: () => !writing && controller.current?.abort(),
    /** Back to choosing a file. */
    restart: () => {
      controller.current?.abort();
      setState({});
    },
  };
}

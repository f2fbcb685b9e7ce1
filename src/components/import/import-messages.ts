import { t } from "../../i18n/i18n";
import { errorText, toApiError } from "../../providers/http-errors";

export const IMPORT_EXTENSIONS = [".csv", ".xlsx"] as const;

/** "Choose a CSV or Excel (XLSX) file.", in the user's language (read when shown: issue 28). */
export const notASpreadsheet = () => t("import.notSpreadsheet");

/** Said when the server's reply carries no message of its own. */
const BY_STATUS: Record<number, () => string> = {
  413: () => t("import.tooLarge"),
  415: notASpreadsheet,
};

export const isSpreadsheet = (file: File) => IMPORT_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/**
 * What to tell the user about a failed call: the server's message when it gave one (in Bengali when the
 * app knows it, by its errorCode or its English words: issue 28), else the app's own.
 */
export function importErrorText(error: unknown): string {
  const failure = toApiError(error);
  const server = failure.envelope?.errorMessage ?? failure.envelope?.message;
  if (server) return errorText(server, failure.errorCode);
  return BY_STATUS[failure.statusCode]?.() ?? errorText(failure);
}

/** A message about a file's row, from the server in English: in Bengali when the app knows it. */
export const issueText = (message: string) => errorText(message);

/**
 * "1 passport", "3 passports" ("১টি পাসপোর্ট" in Bengali): the number as the language writes counts
 * (English with the lakh grouping it always had, "1,00,000"; Bengali in Bengali digits).
 */
export const countOf = (count: number, noun: { one: string; other: string }, shown: (count: number) => string) =>
  t("import.rows", { number: shown(count), noun: count === 1 ? noun.one : noun.other });

/** How a count of rows is written: `count` of useFormat() in Bengali, as before in English. */
export const rowCount = (language: string, count: (n: number) => string) => (n: number) => (language === "bn" ? count(n) : n.toLocaleString("en-IN"));

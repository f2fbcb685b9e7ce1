import { toApiError } from "../../providers/http-errors";

export const IMPORT_EXTENSIONS = [".csv", ".xlsx"] as const;

export const NOT_A_SPREADSHEET = "Choose a CSV or Excel (XLSX) file.";

/** Said when the server's reply carries no message of its own. */
const BY_STATUS: Record<number, string> = {
  413: "The file is too large to import. Split it into smaller files and import each.",
  415: NOT_A_SPREADSHEET,
};

export const isSpreadsheet = (file: File) => IMPORT_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/** What to tell the user about a failed call: the server's message when it gave one. */
export function importErrorText(error: unknown): string {
  const failure = toApiError(error);
  return failure.envelope?.errorMessage ?? failure.envelope?.message ?? BY_STATUS[failure.statusCode] ?? failure.message;
}

/** "1 passport", "3 passports". */
export const countOf = (count: number, noun: { one: string; other: string }) => `${count.toLocaleString("en-IN")} ${count === 1 ? noun.one : noun.other}`;

import type { AnyDataResource } from "../../resources/model/resource";
import { t } from "../../i18n/i18n";
import { ENGLISH_VALUE_WORDS, fieldText, type ValueWords } from "../../resources/model/field-text";

/** One entry of a record's history, as `GET /api/<name>/:id/history` answers it. */
export interface HistoryEntry {
  id: number;
  at: string;
  user: { id: number; username: string } | null;
  action: "created" | "updated" | "deleted";
  changes: { field: string; label: string; from: unknown; to: unknown }[];
  /** The spreadsheet an import created the record from. */
  importedFrom?: string | null;
}

const VERBS: Record<HistoryEntry["action"], () => string> = {
  created: () => t("declared.historyCreated"),
  updated: () => t("declared.historyUpdated"),
  deleted: () => t("declared.historyDeleted"),
};

export const historyVerb = (entry: HistoryEntry) =>
  entry.action === "created" && entry.importedFrom ? t("declared.historyImported", { file: entry.importedFrom }) : (VERBS[entry.action]?.() ?? entry.action);

/**
 * One change in words, values as the screens show them: "Expiry Date: 01/06/2026 → 15/06/2026"; a
 * creation lists what was given ("Country: Qatar"), a deletion what the record held.
 */
export function changeText(
  data: AnyDataResource,
  entry: HistoryEntry,
  change: HistoryEntry["changes"][number],
  titleOf: (field: string, id: unknown) => string | undefined,
  words: ValueWords = ENGLISH_VALUE_WORDS,
): string {
  const field = data.fields[change.field];
  const label = field ? words.text(field.label) : (change.label ?? change.field);
  const text = (value: unknown) => (field ? fieldText(field, value, titleOf(change.field, value), words) : String(value ?? "---"));
  if (entry.action === "created") return `${label}: ${text(change.to)}`;
  if (entry.action === "deleted") return `${label}: ${text(change.from)}`;
  return `${label}: ${text(change.from)} → ${text(change.to)}`;
}

/** The ids a history names per reference field, so their titles can be fetched. */
export function historyReferenceRows(entries: readonly HistoryEntry[]): Record<string, unknown>[] {
  return entries.flatMap((entry) => entry.changes.flatMap((c) => [{ [c.field]: c.from }, { [c.field]: c.to }]));
}

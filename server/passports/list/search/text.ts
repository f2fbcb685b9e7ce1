/**
 * The text filters that passport_search indexes (fullName, passportNo, telephone), and how a filter
 * value becomes a query of SQLite's FTS5 trigram index. A filter matches when the lower-cased value
 * contains the lower-cased filter, LIKE wildcards included literally (plan.ts `containsPattern`).
 */
import type { PassportFilterKey } from "../../../../src/contract";

/** passport_search's columns, in order (the column numbers of passport_search_terms). */
export const SEARCH_COLUMNS = ["full_name", "passport_no", "telephone"] as const;
export type SearchColumn = (typeof SEARCH_COLUMNS)[number];

export const SEARCH_FILTERS = {
  fullName: "full_name",
  passportNo: "passport_no",
  telephone: "telephone",
} as const satisfies Partial<Record<PassportFilterKey, SearchColumn>>;
export type SearchFilterKey = keyof typeof SEARCH_FILTERS;

/**
 * Appended twice to every indexed value (migration 0005), so each character of a value starts a
 * trigram ("ab" at the end of "slab" is in "ab\u0001"): a filter of one or two characters is the set
 * of trigrams that start with it. A filter containing it cannot use the index (query.ts then scans).
 * Values longer than 1024 characters are marked in passport_search_terms by an empty term.
 */
export const PAD_CHAR = "\u0001";

/** SQLite's lower(): ASCII letters only, like its LIKE. */
export const sqliteLower = (value: string): string => value.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** An FTS5 string: the value in double quotes, its double quotes doubled. */
export const ftsString = (value: string): string => `"${value.replaceAll('"', '""')}"`;

/** FTS5 OR of many phrases, nested in groups so the expression stays shallow. */
export function ftsAny(phrases: string[]): string {
  if (phrases.length <= 16) return `(${phrases.join(" OR ")})`;
  const groups: string[] = [];
  for (let i = 0; i < phrases.length; i += 16) groups.push(ftsAny(phrases.slice(i, i + 16)));
  return ftsAny(groups);
}

/**
 * Which field each column of a sheet fills, by its header: compared without case, spaces or
 * punctuation ("Passport No", "passport_no" and "PASSPORT NO." are one), against each field's label
 * and its other accepted names. A header matching nothing is reported unmatched and its cells ignored.
 */
import { badRequest } from "../http/errors";
import { columnLetter } from "./sheet";

export interface ImportField {
  key: string;
  /** The header the template writes, and the name messages use when the column is missing. */
  label: string;
  /** Other headers read as this field (a table's column title, the contract's name…). */
  aliases: readonly string[];
}

export interface MatchedColumn {
  header: string;
  field: string | null;
  label: string | null;
}

export interface HeaderMatch {
  columns: MatchedColumn[];
  /** The column index of each matched field. */
  indexOf: Map<string, number>;
}

/** "Father's Name" → "fathersname". */
export const normaliseHeader = (header: string) => header.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** A column's header as the report names it: the header, or its letter when the header is blank. */
export const columnName = (header: readonly string[], index: number) => header[index] || `Column ${columnLetter(index)}`;

export function matchHeader(header: readonly string[], fields: readonly ImportField[]): HeaderMatch {
  const byName = new Map<string, ImportField>();
  for (const field of fields) for (const name of [field.label, field.key, ...field.aliases]) byName.set(normaliseHeader(name), field);
  const indexOf = new Map<string, number>();
  const columns = header.map((h, index): MatchedColumn => {
    const field = h === "" ? undefined : byName.get(normaliseHeader(h));
    if (!field) return { header: columnName(header, index), field: null, label: null };
    const earlier = indexOf.get(field.key);
    if (earlier !== undefined) {
      throw badRequest(
        `Columns ${columnLetter(earlier)} ("${header[earlier]}") and ${columnLetter(index)} ("${h}") are both ${field.label}: keep one of them`,
      );
    }
    indexOf.set(field.key, index);
    return { header: h, field: field.key, label: field.label };
  });
  return { columns, indexOf };
}

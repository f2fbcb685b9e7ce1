import { EMPTY, formatDate, formatDateTime, formatMoney } from "../../format";
import type { Field } from "./fields";

/** A stored file as records carry it. */
export interface StoredFile {
  fileName: string;
  contentType: string;
  size: number;
}

export const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === "object" && value !== null && typeof (value as StoredFile).fileName === "string";

/** Booleans read Yes / No: Done / Processing says where a passport's milestone stands, not what a record holds. */
export const booleanText = (value: unknown) => (value === true || value === "true" ? "Yes" : "No");

/**
 * A field's value as every screen writes it: dates DD/MM/YYYY, money ৳ with lakh grouping, booleans
 * Yes / No, an enum's label, a reference by its record's title (`title`, when known), a file by its
 * name; "---" when empty. Plain text, no React: lists, cards, chips, details and the history share it.
 */
export function fieldText(field: Field, value: unknown, title?: string): string {
  if (field.kind === "boolean") return booleanText(value);
  if (value === null || value === undefined || value === "") return EMPTY;
  switch (field.kind) {
    case "money":
      return formatMoney(value as number);
    case "date":
      return formatDate(value as string);
    case "dateTime":
      return formatDateTime(value as string);
    case "enum":
      return field.labels?.[String(value)] ?? String(value);
    case "reference":
      return title ?? `#${value}`;
    case "file":
      return isStoredFile(value) ? value.fileName : String(value);
    default:
      return String(value);
  }
}

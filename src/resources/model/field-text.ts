import { EMPTY, formatDate, formatDateTime, formatMoney } from "../../format";
import { englishText, type LocalText } from "../../i18n/local-text";
import type { Field } from "./fields";

/** A stored file as records carry it. */
export interface StoredFile {
  fileName: string;
  contentType: string;
  size: number;
}

export const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === "object" && value !== null && typeof (value as StoredFile).fileName === "string";

/**
 * The words and digits values are written in: English and Latin digits (the server's files) unless the
 * app passes its language's (src/components/declared/useFieldText.ts).
 */
export interface ValueWords {
  text: (text: LocalText) => string;
  yes: string;
  no: string;
  /** Digits of the numbers shown (money, dates), not of identifiers. */
  digits: (text: string) => string;
}

export const ENGLISH_VALUE_WORDS: ValueWords = { text: englishText, yes: "Yes", no: "No", digits: (text) => text };

/** Booleans read Yes / No: Done / Processing says where a passport's milestone stands, not what a record holds. */
export const booleanText = (value: unknown, words: ValueWords = ENGLISH_VALUE_WORDS) => (value === true || value === "true" ? words.yes : words.no);

/**
 * A field's value as every screen writes it: dates DD/MM/YYYY, money ৳ with lakh grouping, booleans
 * Yes / No, an enum's label, a reference by its record's title (`title`, when known), a file by its
 * name; "---" when empty. Plain text, no React: lists, cards, chips, details and the history share it.
 */
export function fieldText(field: Field, value: unknown, title?: string, words: ValueWords = ENGLISH_VALUE_WORDS): string {
  if (field.kind === "boolean") return booleanText(value, words);
  if (value === null || value === undefined || value === "") return EMPTY;
  switch (field.kind) {
    case "money":
      return words.digits(formatMoney(value as number));
    case "date":
      return words.digits(formatDate(value as string));
    case "dateTime":
      return words.digits(formatDateTime(value as string));
    case "enum": {
      const label = field.labels?.[String(value)];
      return label === undefined ? String(value) : words.text(label);
    }
    case "reference":
      return title ?? `#${value}`;
    case "file":
      return isStoredFile(value) ? value.fileName : String(value);
    default:
      return String(value);
  }
}

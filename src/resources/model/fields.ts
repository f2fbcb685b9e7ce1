/**
 * The fields a declared resource is made of (issue 26). A field says what it holds, how it is labelled
 * and checked, and how lists may use it; the database columns, the API's rules, the OpenAPI schema and
 * the screens are all derived from it. Builders keep declarations short:
 *
 *   name: field.text("Name", { required: true, searchable: true }),
 *   employerId: field.reference("Employer", "employers", { required: true, filterable: true }),
 */
import type { UploadContentType } from "../../contract";
import type { LocalText } from "../../i18n/local-text";

export type FieldKind = "text" | "longText" | "number" | "money" | "date" | "dateTime" | "boolean" | "enum" | "reference" | "file";

/** Messages shown when a rule fails; each has a default built from the label. */
export interface FieldMessages {
  required?: LocalText;
  min?: LocalText;
  max?: LocalText;
  pattern?: LocalText;
  unique?: LocalText;
}

interface FieldBase<K extends FieldKind> {
  kind: K;
  /** Plain English, or `{ en, bn }` (docs/resources.md "Texts in two languages"). */
  label: LocalText;
  required?: boolean;
  messages?: FieldMessages;
  placeholder?: LocalText;
  /** Lists may filter by it: `<field>=`, `_ne`, `_gte`, `_lte` (and `_like` for text), and a header popup. */
  filterable?: boolean;
  /** Lists may sort by it. Every field but long texts and files is, unless it says `false`. */
  sortable?: boolean;
  /** No two records hold the same value (text compared without regard to case): 409 otherwise. */
  unique?: boolean;
  /** Shown in lists unless `false` (long texts and files are not, unless `true`). */
  inList?: boolean;
}

export interface TextField extends FieldBase<"text"> {
  min?: number;
  /** 200 unless said otherwise. */
  max?: number;
  /** A regular expression's source the cleaned value must match whole. */
  pattern?: string;
  /** Checks and input modes of their own: a valid email, or a phone number (Bangladeshi or foreign). */
  format?: "email" | "phone";
  /** `q=` searches it. */
  searchable?: boolean;
}

export interface LongTextField extends FieldBase<"longText"> {
  /** 2000 unless said otherwise. */
  max?: number;
  searchable?: boolean;
}

export interface NumberField extends FieldBase<"number"> {
  min?: number;
  max?: number;
}

/** Whole taka (BDT), shown with ৳. */
export interface MoneyField extends FieldBase<"money"> {
  min?: number;
  max?: number;
}

/** YYYY-MM-DD on the wire, DD/MM/YYYY on screen. */
export interface DateField extends FieldBase<"date"> {
  /** The record expires on this date: the Overview lists records expiring within `withinDays`. */
  expiry?: { withinDays: number };
}

export type DateTimeField = FieldBase<"dateTime">;

export type BooleanField = FieldBase<"boolean">;

export interface EnumField extends FieldBase<"enum"> {
  values: readonly string[];
  /** Labels of the values, when they are not shown as they are. */
  labels?: Readonly<Record<string, LocalText>>;
}

/** The id of a record of another declared resource, shown by that record's title. */
export interface ReferenceField extends FieldBase<"reference"> {
  to: string;
}

/** One file (a scan), sent as a multipart part named by the field. */
export interface FileField extends FieldBase<"file"> {
  accept?: readonly UploadContentType[];
}

export type Field =
  | TextField
  | LongTextField
  | NumberField
  | MoneyField
  | DateField
  | DateTimeField
  | BooleanField
  | EnumField
  | ReferenceField
  | FileField;

type Options<F extends Field> = Omit<F, "kind" | "label">;

/**
 * The builders keep the literal types of what they are given (`required: true`, an enum's values), so
 * that the server's table types, read from the declarations, know which columns hold no null.
 */
export const field = {
  text: <const O extends Options<TextField> = {}>(label: LocalText, options: O = {} as O): TextField & O => ({ kind: "text", label, ...options }),
  longText: <const O extends Options<LongTextField> = {}>(label: LocalText, options: O = {} as O): LongTextField & O => ({ kind: "longText", label, ...options }),
  number: <const O extends Options<NumberField> = {}>(label: LocalText, options: O = {} as O): NumberField & O => ({ kind: "number", label, ...options }),
  money: <const O extends Options<MoneyField> = {}>(label: LocalText, options: O = {} as O): MoneyField & O => ({ kind: "money", label, ...options }),
  date: <const O extends Options<DateField> = {}>(label: LocalText, options: O = {} as O): DateField & O => ({ kind: "date", label, ...options }),
  dateTime: <const O extends Options<DateTimeField> = {}>(label: LocalText, options: O = {} as O): DateTimeField & O => ({ kind: "dateTime", label, ...options }),
  boolean: <const O extends Options<BooleanField> = {}>(label: LocalText, options: O = {} as O): BooleanField & O => ({ kind: "boolean", label, ...options }),
  enum: <const V extends readonly string[], const O extends Omit<Options<EnumField>, "values"> = {}>(
    label: LocalText,
    values: V,
    options: O = {} as O,
  ): EnumField & { values: V } & O => ({ kind: "enum", label, values, ...options }),
  reference: <const O extends Omit<Options<ReferenceField>, "to"> = {}>(label: LocalText, to: string, options: O = {} as O): ReferenceField & O => ({
    kind: "reference",
    label,
    to,
    ...options,
  }),
  file: <const O extends Options<FileField> = {}>(label: LocalText, options: O = {} as O): FileField & O => ({ kind: "file", label, ...options }),
};

export const DEFAULT_TEXT_MAX = 200;
export const DEFAULT_LONG_TEXT_MAX = 2000;

export const isSortable = (f: Field) => f.sortable ?? !(f.kind === "longText" || f.kind === "file");
export const isSearchable = (f: Field) => (f.kind === "text" || f.kind === "longText") && f.searchable === true;
export const isShownInList = (f: Field) => f.inList ?? !(f.kind === "longText" || f.kind === "file");
/** Text kinds: compared without regard to case, `_like` allowed. */
export const isTextKind = (f: Field): f is TextField | LongTextField => f.kind === "text" || f.kind === "longText";

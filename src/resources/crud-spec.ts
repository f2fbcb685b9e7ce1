import type { ZodType } from "zod";

/** A column of a generic resource list; `dataIndex` defaults to `key`. */
export interface CrudColumn {
  key: string;
  title: string;
  dataIndex?: string;
}

/** A text field of a generic resource form. */
export interface CrudField {
  name: string;
  label: string;
  placeholder?: string;
}

/**
 * What the generic list page and form modal (src/pages/generic/) need to serve a plain resource:
 * its columns, form fields and rules, and every text the user sees.
 */
export interface CrudSpec {
  /** Page heading. */
  title: string;
  columns: CrudColumn[];
  /** Title of the column holding Edit and Delete (each shown only to roles the declaration allows). */
  actionsTitle: string;
  fields: CrudField[];
  /** The field that names a record, for confirmations and the row buttons' accessible names. */
  recordName?: string;
  /** Rules of the form; its messages are shown under the fields. */
  schema: ZodType<Record<string, unknown>, Record<string, unknown>>;
  texts: {
    /** Button above the list that opens the create form. */
    createButton: string;
    createTitle: string;
    editTitle: string;
    createSubmit: string;
    editSubmit: string;
    deleteConfirm: string;
  };
  /** Success toasts; failures are only logged (spec §8 Slot). */
  messages: { created: string; updated: string; deleted: string };
}

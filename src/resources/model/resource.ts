/**
 * A declared resource (issue 26): one object, free of React and Fastify, from which the server derives
 * its table, API, access rules, history and OpenAPI, and the app its routes, menus and screens.
 * Modelled on Payload's collections. See docs/architecture.md "A declaration's path".
 */
import type { z } from "zod";
import type { Role } from "../../contract";
import { englishText, type LocalText } from "../../i18n/local-text";
import type { Field } from "./fields";

/** What one may do with a declared resource's records. */
export const RESOURCE_ACTIONS = ["list", "show", "create", "update", "delete", "export", "import"] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/**
 * Who may do an action: roles, each either on every record (`"ADMIN"`) or on their own records only
 * (`"AGENT:own"`: records whose owner, `ownerField` or else the creator, is the user).
 */
export type AccessGrant = Role | `${Role}:own`;

/** A resource the spec fixed before declarations existed: its paths and the envelope reply (slots). */
export interface LegacyApi {
  dialect: "envelope";
  paths: { list: string; create: string; update: string; delete: string };
  /** Success messages of the envelope's `message` (the server's: English). */
  messages: { created: LocalText; updated: LocalText; deleted: LocalText };
}

export interface DataResourceDeclaration {
  /** The API path under /api/ and the Refine resource name: lower case, words joined by "-". */
  name: string;
  /** Every text of a declaration is plain English or `{ en, bn }` (docs/resources.md "Texts in two languages"). */
  label: { one: LocalText; many: LocalText };
  fields: Readonly<Record<string, Field>>;
  /** The field that names a record (lists of references, confirmations, the show page's heading). */
  title: string;
  access: Partial<Record<ResourceAction, readonly AccessGrant[]>>;
  /** A reference to users whose value is a record's owner for `:own` grants; the creator otherwise. */
  ownerField?: string;
  /** The table; the name with "-" as "_" unless said. */
  table?: string;
  /**
   * Each dashboard whose role may list the resource shows it in its menu, at `order` (under `group`),
   * labelled `label.many` unless `label` says; `roles` narrows the dashboards that get its screens.
   */
  menu?: { order: number; group?: LocalText; label?: LocalText; roles?: readonly Role[] };
  /** The screens' path under a dashboard (`/dashboard/admin/<path>`): the name unless said. */
  path?: string;
  /** The list's heading: `label.many` unless said. */
  heading?: LocalText;
  /** Lists show each record's id first, in a column of this title. */
  idColumn?: LocalText;
  /** The create and edit form in a modal over the list (default) or on a page of its own. */
  form?: "modal" | "page";
  /** The list's order when the user has chosen none; newest first otherwise. */
  defaultSort?: { field: string; order: "asc" | "desc" };
  /** Rules across fields, added to the schema derived from the fields (create and update alike). */
  refine?: (schema: z.ZodType<Record<string, unknown>>, text: (text: LocalText) => string) => z.ZodType<Record<string, unknown>>;
  /** Texts shown by the screens; defaults are built from the labels. */
  texts?: Partial<Record<keyof ResourceTexts, LocalText>>;
  /** For resources the spec fixed: their paths, envelope and messages (slots). */
  legacy?: LegacyApi;
  /** Tables outside the declarations whose rows reference this one: a record they use is not deleted (409). */
  usedBy?: readonly { table: string; column: string; what: LocalText }[];
  /** Only with `legacy`: the table has no created_at, updated_at and created_by columns. */
  systemColumns?: boolean;
}

export interface ResourceTexts {
  /** Title of the list's column of row actions. */
  actions: string;
  createButton: string;
  createTitle: string;
  editTitle: string;
  createSubmit: string;
  editSubmit: string;
  deleteConfirm: string;
  created: string;
  updated: string;
  deleted: string;
  /** `{title}` is the record's title, `{count}` how many records use it, `{what}` what they are. */
  inUse: string;
}

/** What a declaration's fields name: its title, owner and default order must be among them. */
type Declaring<F extends Record<string, Field>> = Omit<DataResourceDeclaration, "fields" | "title" | "ownerField" | "defaultSort"> & {
  fields: F;
  title: keyof F & string;
  ownerField?: keyof F & string;
  defaultSort?: { field: (keyof F & string) | "id"; order: "asc" | "desc" };
};

/**
 * Declares a resource. The literal types of its fields, name, table and system columns are kept: the
 * server's table types are read from them (server/db/declared-tables.ts).
 */
export function defineResource<
  const F extends Record<string, Field>,
  const N extends string,
  const T extends string | undefined = undefined,
  const S extends boolean | undefined = undefined,
>(
  declaration: Declaring<F> & { name: N; table?: T; systemColumns?: S },
): DataResourceDeclaration & { fields: F; name: N; table: T; systemColumns: S } {
  return declaration as DataResourceDeclaration & { fields: F; name: N; table: T; systemColumns: S };
}

export type AnyDataResource = DataResourceDeclaration;

/** "expiryDate" → "expiry_date". */
export const columnOf = (fieldName: string) => fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const tableOf = (resource: AnyDataResource) => resource.table ?? resource.name.replace(/-/g, "_");
export const hasSystemColumns = (resource: AnyDataResource) => resource.systemColumns ?? true;

/**
 * The grants of an action as the declaration says them, with one default: `import` (records from a
 * spreadsheet, docs/resources.md "Import") is granted as `create` is unless declared. A legacy
 * declaration (slots) has no import.
 */
function declaredGrants(resource: AnyDataResource, action: ResourceAction): readonly AccessGrant[] {
  if (action !== "import") return resource.access[action] ?? [];
  if (resource.legacy) return [];
  return resource.access.import ?? resource.access.create ?? [];
}

/** The roles granted an action, and whether only on their own records. */
export function grantsOf(resource: AnyDataResource, action: ResourceAction): { role: Role; own: boolean }[] {
  return declaredGrants(resource, action).map((grant) => {
    const [role, scope] = grant.split(":") as [Role, string | undefined];
    return { role, own: scope === "own" };
  });
}

/** The roles that may do an action, on any record or their own. */
export const rolesFor = (resource: AnyDataResource, action: ResourceAction): Role[] => [...new Set(grantsOf(resource, action).map((g) => g.role))];

/** The screens' texts in English, as the server writes them; the app's, in its language: src/components/declared/useResourceTexts.ts. */
export function textsOf(resource: AnyDataResource): ResourceTexts {
  const one = englishText(resource.label.one);
  const declared = Object.fromEntries(Object.entries(resource.texts ?? {}).map(([key, text]) => [key, englishText(text)]));
  return {
    actions: "Actions",
    createButton: `Create ${one}`,
    createTitle: `Create ${one}`,
    editTitle: `Edit ${one}`,
    createSubmit: "Save",
    editSubmit: "Save",
    deleteConfirm: `Delete this ${one.toLowerCase()}?`,
    created: englishText(resource.legacy?.messages.created ?? `${one} created`),
    updated: englishText(resource.legacy?.messages.updated ?? `${one} updated`),
    deleted: englishText(resource.legacy?.messages.deleted ?? `${one} deleted`),
    inUse: `${one} {title} is used by {count} {what}`,
    ...declared,
  };
}

/** Fills `{name}` placeholders of a declared text. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

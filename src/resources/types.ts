import type { Role } from "../contract";
import type { LocalText } from "../i18n/local-text";
import type { AnyDataResource } from "./model/resource";
import type { PassportTableSpec } from "./passport-columns";

/**
 * A page by its name in the app's page map (src/routes/page-map.ts), which loads it on first visit.
 * Declarations name their pages rather than import them: the pages' components read the declarations,
 * so an import would close a circle.
 */
export type PageId =
  | "overview"
  | "passport-list"
  | "agent-data-entry"
  | "admin-pending"
  | "work-permit"
  | "super-admin-pending"
  | "final-approval"
  | "declared-list"
  | "declared-show"
  | "declared-form"
  | "security-log"
  | "user-list"
  | "create-user"
  | "update-user";

/** How the data provider fetches a list. Path patterns come from the contract's PATHS. */
export interface ListEndpoint {
  /** ":agentId" in the pattern is filled with the signed-in user's id. */
  path: string;
  /** Query parameters fixed by the list itself (e.g. the status); filters cannot override them. */
  query?: Record<string, string>;
  /** Used instead of `path` when an `agentId` filter is set (the agent dropdown), ":agentId" filled from it. */
  byAgentPath?: string;
}

/** A write endpoint; ":id" and ":userId" are filled with the record id. */
export interface WriteEndpoint {
  path: string;
  /** Fields sent as files next to a JSON part named "data"; without it the body is JSON. */
  multipartFiles?: readonly string[];
}

/** Endpoints of a resource, carried in the Refine resource's `meta.api` for the data provider. */
export interface ResourceApi {
  list?: ListEndpoint;
  one?: string;
  create?: WriteEndpoint;
  update?: WriteEndpoint;
  delete?: string;
}

export type PageAction = "list" | "create" | "edit" | "show";

export interface ResourcePage {
  /** Route below the role's dashboard, e.g. "pending" or ":userId/update-user". */
  path: string;
  page: PageId;
  /** The screen's title (its h1, in the top bar) when the menu item's label is not it. */
  title?: LocalText;
}

export interface MenuEntry {
  label: LocalText;
  order: number;
  /** Which action's route the item opens; "list" unless said otherwise. */
  action?: PageAction;
  /** Groups the item under a parent of this label (menu-groups.ts). */
  group?: LocalText;
}

/**
 * One resource of the app, declared once. Routes, menus and access control are derived from these.
 * Several resources may share an API `name` (the passport lists); each has its own `identifier`,
 * which is also its cache key.
 */
export interface ResourceDeclaration {
  identifier: string;
  /** API resource the data provider serves: "passports", "users", or a declared resource's name. */
  name: string;
  /** Plain English or `{ en, bn }`: the app shows it with useLocalText(). */
  label: LocalText;
  /** The dashboard the resource lives under; the only role that may open its pages. */
  role: Role;
  pages: Partial<Record<PageAction, ResourcePage>>;
  /** Also shown at the dashboard's index route. */
  dashboardIndex?: boolean;
  menu?: MenuEntry[];
  /** Actions beyond viewing (create, edit, delete, review, ...) and the roles that may do them. */
  actions?: Record<string, readonly Role[]>;
  api: ResourceApi;
  /** Passport lists: the columns and filters of the shared passport table. */
  passportTable?: PassportTableSpec;
  /** Screens derived from a declared resource (declared-screens.ts): the declaration they show. */
  data?: AnyDataResource;
  /** The Refine data provider serving it when not the spec's envelope provider ("rest"). */
  dataProviderName?: string;
}

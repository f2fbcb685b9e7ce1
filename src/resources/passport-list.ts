import { DOCUMENT_FIELDS, PASSPORT_STATUSES, PATHS, type PassportStatus, type Role } from "../contract";
import { FULL_PASSPORT_COLUMNS, type PassportTableSpec, TEXT_SEARCH } from "./passport-columns";
import type { ListEndpoint, MenuEntry, PageId, ResourceDeclaration } from "./types";
import type { LocalText } from "../i18n/local-text";

/** Passport writes share one pair of multipart endpoints (spec §7). */
export const PASSPORT_WRITES = {
  create: { path: PATHS.addPassport, multipartFiles: DOCUMENT_FIELDS },
  update: { path: PATHS.updatePassport, multipartFiles: DOCUMENT_FIELDS },
} as const;

interface PassportListOptions {
  identifier: string;
  role: Role;
  label: LocalText;
  path: string;
  list: ListEndpoint;
  menu?: MenuEntry;
  dashboardIndex?: boolean;
  actions?: ResourceDeclaration["actions"];
  page: PageId;
  /**
   * Columns (default: the Pending table's of spec §2), search popups (default: the six text columns)
   * and the agent dropdown (default: admin and super-admin lists that have an agent-specific endpoint).
   */
  table?: Partial<PassportTableSpec>;
}

/** The status a list's endpoint is fixed to (its `isSuperAdminApproved` query), if it is one of ours. */
function fixedStatus(list: ListEndpoint): PassportStatus[] | undefined {
  const status = list.query?.isSuperAdminApproved;
  return (PASSPORT_STATUSES as readonly string[]).includes(status ?? "") ? [status as PassportStatus] : undefined;
}

/** One of the role- and status-specific passport lists; each is its own resource. */
export function passportList(options: PassportListOptions): ResourceDeclaration {
  return {
    identifier: options.identifier,
    name: "passports",
    label: options.label,
    role: options.role,
    pages: { list: { path: options.path, page: options.page } },
    dashboardIndex: options.dashboardIndex,
    menu: options.menu ? [options.menu] : undefined,
    actions: options.actions,
    api: { list: options.list, ...PASSPORT_WRITES },
    passportTable: {
      columns: FULL_PASSPORT_COLUMNS,
      search: TEXT_SEARCH,
      agentFilter: options.role !== "AGENT" && options.list.byAgentPath !== undefined,
      statuses: fixedStatus(options.list),
      ...options.table,
    },
  };
}

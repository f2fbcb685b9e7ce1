import type { PassportFilterKey, Role } from "../../contract";
import { FILE_PARAM } from "../passport-file";
import { routeOf } from "../../resources/derive";
import type { ResourceDeclaration } from "../../resources/types";

export type SearchKey = Extract<PassportFilterKey, "fullName" | "passportNo" | "telephone">;
export interface SearchQuery {
  key: SearchKey;
  value: string;
}

/**
 * A Bangladeshi mobile number written with the country code ("+8801712345678", "8801712345678") in
 * the local form the records hold ("01712345678"); any other number unchanged.
 */
export function localPhoneNumber(digits: string): string {
  return digits.replace(/^\+?880(1\d{9})$/, "0$1");
}

/**
 * What the top-bar search text is: 10 or more digits (spaces, hyphens and a leading + ignored) is a
 * phone number, searched in its local form; other text with a digit is a passport number (also a bare
 * short number, which is no phone); text without digits is a name.
 */
export function classifySearch(text: string): SearchQuery | undefined {
  const value = text.trim();
  if (value === "") return undefined;
  const compact = value.replace(/[\s-]/g, "");
  if (/^\+?\d{10,}$/.test(compact)) return { key: "telephone", value: localPhoneNumber(compact) };
  if (/\d/.test(value)) return { key: "passportNo", value: compact };
  return { key: "fullName", value };
}

/** Whether a passport list shows passports of this status (its fixed status, or one of those it declares). */
export const showsStatus = (resource: ResourceDeclaration, status: string | undefined) =>
  status !== undefined && (resource.passportTable?.statuses as readonly string[] | undefined)?.includes(status) === true;

/** A list not limited to some statuses that can filter by status shows every status (the super admin's Application History). */
const coversEveryStatus = (resource: ResourceDeclaration) =>
  (resource.passportTable?.search.includes("status") ?? false) && resource.passportTable?.statuses === undefined;

/**
 * The lists of `role` (among `resources`) the search may open, best first: a list showing every status, else the
 * status-specific lists (a passport is shown in the one of its status). Lists that cannot filter
 * (Agent Data Entry) are left out. Only the role's own lists are used, so the search never calls an
 * endpoint the role may not call.
 */
export function searchTargets(resources: readonly ResourceDeclaration[], role: Role) {
  const lists = resources.filter(
    (r) => r.role === role && r.name === "passports" && r.pages.list && r.passportTable && (coversEveryStatus(r) || r.passportTable.statuses),
  );
  return { everyStatus: lists.find(coversEveryStatus), byStatus: lists.filter((r) => !coversEveryStatus(r)) };
}

/**
 * "/dashboard/admin/reviewed?passportNo=EB123&passport=42": the list's route with the filter in the
 * query, as the table reads it, and the matching passport's file open when there is one.
 */
export function searchUrl(resource: ResourceDeclaration, query: SearchQuery, passportId?: number): string {
  const params = new URLSearchParams({ [query.key]: query.value });
  if (passportId !== undefined) params.set(FILE_PARAM, String(passportId));
  return `${routeOf(resource, "list")}?${params}`;
}

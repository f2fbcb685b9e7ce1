import type { CrudFilter } from "@refinedev/core";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PASSPORT_EXTRA_FILTER_KEYS, type PassportFilterKey } from "../../contract";
import type { PassportColumnId } from "../../resources/passport-columns";
import { cleanFilters, type FilterValues, sortKeys } from "../filters/clean-filters";

/*
 * A passport table's list as its URL says it: plain functions, without React, so that the first
 * screen (src/first-screen) can ask for the same list before the app's code has loaded.
 */

/** Which filter key a searchable column sets (spec §2 text columns, plus status on the history table). */
export const COLUMN_FILTER_KEYS: Partial<Record<PassportColumnId, PassportFilterKey>> = {
  fullName: "fullName",
  passportNo: "passportNo",
  telephone: "telephone",
  agentName: "agentName",
  slot: "slot",
  visaType: "visaType",
  status: "isSuperAdminApproved",
};

/** The URL's filter keys of a passport table: its search popups' and the Overview's extra ones. */
export const passportFilterKeys = (search: readonly PassportColumnId[]): string[] => [
  ...search.flatMap((id) => COLUMN_FILTER_KEYS[id] ?? []),
  ...PASSPORT_EXTRA_FILTER_KEYS,
];

/** The table's list filters for Refine: the applied filters in key order, then the agent (the first screen asks the same). */
export function tableCrudFilters(applied: FilterValues, agentId: string | undefined): CrudFilter[] {
  const filters: CrudFilter[] = Object.entries(sortKeys(applied)).map(([field, value]) => ({ field, operator: "eq", value }));
  if (agentId) filters.push({ field: "agentId", operator: "eq", value: agentId });
  return filters;
}

/** Query-string names of the table state besides the filters (which use their own keys). */
export const TABLE_PARAMS = { page: "page", size: "size", agentId: "agentId" } as const;

const wholeNumber = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Page, size, agent and filters as a table's URL query string holds them (also read to prefetch the list). */
export function readTableParams(params: URLSearchParams, filterKeys: readonly string[], withAgent: boolean) {
  const size = wholeNumber(params.get(TABLE_PARAMS.size));
  return {
    page: wholeNumber(params.get(TABLE_PARAMS.page)) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    agentId: withAgent ? (params.get(TABLE_PARAMS.agentId) ?? undefined) || undefined : undefined,
    filters: cleanFilters(Object.fromEntries(filterKeys.map((key) => [key, params.get(key)]))),
  };
}

/**
 * The list's file as the screen shows the list (issue 27): its request without the page (`listUrl`,
 * the list's path and query: filters, agent, fixed status), the columns shown in their order (the
 * Attachments link is no data), and the format.
 */
export function passportExportRequest(listUrl: string, columns: readonly PassportColumnId[], format: string): { path: string; params: Record<string, string> } {
  const [path, query = ""] = listUrl.split("?");
  const shown = columns.filter((id) => id !== "attachments");
  return { path, params: { ...Object.fromEntries(new URLSearchParams(query)), columns: shown.join(","), format } };
}

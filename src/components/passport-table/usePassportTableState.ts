import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE } from "../../contract";
import { cleanFilters, type FilterValues, useDebouncedFilters } from "../filters";
import { readTableParams, TABLE_PARAMS } from "./table-params";

export interface PassportTableState {
  /** The page to show and fetch; while changed filters wait out their pause, the page shown before. */
  currentPage: number;
  pageSize: number;
  /** Active filters as they are in the URL (not yet debounced). */
  filters: FilterValues;
  agentId: string | undefined;
  setPagination: (currentPage: number, pageSize: number) => void;
  /** Replaces every filter (keys missing from `next` are dropped); back to page 1. */
  setFilters: (next: FilterValues) => void;
  removeFilter: (key: string) => void;
  setAgentId: (agentId: number | undefined) => void;
  /**
   * Moves to `lastPage` when the page in the URL is past it (rows left the list, or a shared link).
   * Replaces the history entry, so Back does not return to the empty page. Ignored while filters settle.
   */
  keepPageWithin: (lastPage: number) => void;
}

const sameFilters = (a: FilterValues, b: FilterValues) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/**
 * Page, size, filters and agent of a passport table, kept in the URL query string so a reload or a
 * shared link shows the same list. Defaults (page 1, size 10, no filter) are left out of the URL.
 */
export function usePassportTableState(filterKeys: readonly string[], withAgent: boolean): PassportTableState {
  const [params, setParams] = useSearchParams();

  const { page: urlPage, pageSize, agentId } = readTableParams(params, filterKeys, withAgent);
  const filtersKey = filterKeys.map((key) => `${key}=${params.get(key) ?? ""}`).join("&");
  // Same object while the values stay the same, so the debounce and the query key do not churn.
  const filters = useMemo(() => readTableParams(params, filterKeys, withAgent).filters, [filtersKey]);

  // A filter change resets the page in the URL at once, but the filters reach the query only after
  // the pause: keep the page shown until then, so the list is fetched once, with both applied.
  const settling = !sameFilters(useDebouncedFilters(filters), filters);
  const [shownPage, setShownPage] = useState(urlPage);
  const currentPage = settling ? shownPage : urlPage;
  if (currentPage !== shownPage) setShownPage(currentPage);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, options?: { replace: boolean }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === "") next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }, options),
    [setParams],
  );

  return {
    currentPage,
    pageSize,
    filters,
    agentId,
    setPagination: (page, nextSize) =>
      update({
        [TABLE_PARAMS.page]: page > 1 ? page : undefined,
        [TABLE_PARAMS.size]: nextSize !== DEFAULT_PAGE_SIZE ? nextSize : undefined,
      }),
    setFilters: (next) => {
      const clean = cleanFilters(next);
      update({ ...Object.fromEntries(filterKeys.map((key) => [key, clean[key]])), [TABLE_PARAMS.page]: undefined });
    },
    removeFilter: (key) => update({ [key]: undefined, [TABLE_PARAMS.page]: undefined }),
    setAgentId: (id) => update({ [TABLE_PARAMS.agentId]: id, [TABLE_PARAMS.page]: undefined }),
    keepPageWithin: (lastPage) => {
      if (!settling && urlPage > lastPage) update({ [TABLE_PARAMS.page]: lastPage > 1 ? lastPage : undefined }, { replace: true });
    },
  };
}

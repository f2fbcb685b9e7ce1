import { useMemo } from "react";
import { cleanFilters, type FilterValues } from "./clean-filters";
import { FILTER_DEBOUNCE_MS, useDebouncedValue } from "./useDebouncedValue";

/**
 * Cleaned filters, applied only after they have stayed unchanged for 500 ms. Safe to call with a new
 * object on every render: changes are detected by content, not identity.
 */
export function useDebouncedFilters(filters: Record<string, unknown>, delay: number = FILTER_DEBOUNCE_MS): FilterValues {
  const key = JSON.stringify(sortKeys(cleanFilters(filters)));
  const debouncedKey = useDebouncedValue(key, delay);
  return useMemo(() => JSON.parse(debouncedKey) as FilterValues, [debouncedKey]);
}

function sortKeys(values: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
}

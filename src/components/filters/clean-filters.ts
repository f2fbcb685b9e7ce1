export type FilterValues = Record<string, string>;

/** One raw filter value: a text, a number, or antd's `FilterValue` array (its first element counts). */
export type RawFilterValue = string | number | boolean | bigint | readonly unknown[] | null | undefined;

/**
 * Filters as sent to the server (spec §5): text trimmed, empty or whitespace-only values dropped.
 * Accepts antd Table's `filters` argument as it is (`{ fullName: ["rahim"], slot: null }`).
 */
export function cleanFilters(filters: Record<string, RawFilterValue | unknown>): FilterValues {
  const out: FilterValues = {};
  for (const [key, raw] of Object.entries(filters)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === null || value === undefined) continue;
    if (typeof value === "object") continue;
    const text = String(value).trim();
    if (text !== "") out[key] = text;
  }
  return out;
}

/** The same filters with their keys in order: one request (and one cache key) whatever order they were set in. */
export function sortKeys(values: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
}

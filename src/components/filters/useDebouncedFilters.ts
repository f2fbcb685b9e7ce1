import { useEffect, useMemo, useState } from "react";
import { cleanFilters, type FilterValues, sortKeys } from "./clean-filters";
import { FILTER_DEBOUNCE_MS } from "./useDebouncedValue";

interface Waiting {
  timer: ReturnType<typeof setTimeout>;
  settle: Set<() => void>;
}

/**
 * One timer per filters content and delay. A passport table reads its debounced filters twice (its
 * URL state holds the page until they settle, its query applies them); with one timer both settle in
 * the same task, so React renders the reset page and the new filters together and the list is
 * requested once rather than once for each.
 */
const waiting = new Map<string, Waiting>();

function settleAfter(id: string, delay: number, settle: () => void): () => void {
  let entry = waiting.get(id);
  if (!entry) {
    const created: Waiting = {
      settle: new Set(),
      timer: setTimeout(() => {
        waiting.delete(id);
        for (const callback of created.settle) callback();
      }, delay),
    };
    waiting.set(id, created);
    entry = created;
  }
  const joined = entry;
  joined.settle.add(settle);
  return () => {
    joined.settle.delete(settle);
    if (joined.settle.size === 0 && waiting.get(id) === joined) {
      clearTimeout(joined.timer);
      waiting.delete(id);
    }
  };
}

/**
 * Cleaned filters, applied only after they have stayed unchanged for 500 ms. Safe to call with a new
 * object on every render: changes are detected by content, not identity.
 */
export function useDebouncedFilters(filters: Record<string, unknown>, delay: number = FILTER_DEBOUNCE_MS): FilterValues {
  const key = JSON.stringify(sortKeys(cleanFilters(filters)));
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return;
    return settleAfter(`${delay}:${key}`, delay, () => setSettled(key));
  }, [key, settled, delay]);
  return useMemo(() => JSON.parse(settled) as FilterValues, [settled]);
}

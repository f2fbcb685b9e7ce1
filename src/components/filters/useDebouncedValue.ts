import { useEffect, useState } from "react";

/** Filters are applied after a 500 ms pause in typing (spec §5, §9). */
export const FILTER_DEBOUNCE_MS = 500;

/** `value`, but only once it has stayed unchanged for `delay` ms. Compare-by-identity: pass primitives. */
export function useDebouncedValue<T>(value: T, delay: number = FILTER_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

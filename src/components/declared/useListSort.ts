import { useSearchParams } from "react-router";
import { TABLE_PARAMS } from "../passport-table";

/** The URL's keys of a list's order. */
export const SORT_PARAMS = { sort: "sort", order: "order" } as const;

/**
 * A list's order, kept in the URL with its page and filters (`?sort=expiryDate&order=desc`). A new
 * order goes back to page 1; none leaves the order to the declaration.
 */
export function useListSort() {
  const [params, setParams] = useSearchParams();
  return {
    sort: params.get(SORT_PARAMS.sort),
    order: params.get(SORT_PARAMS.order),
    setSort: (field: string | undefined, order: "asc" | "desc" | undefined) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.delete(TABLE_PARAMS.page);
        if (field && order) {
          next.set(SORT_PARAMS.sort, field);
          next.set(SORT_PARAMS.order, order);
        } else {
          next.delete(SORT_PARAMS.sort);
          next.delete(SORT_PARAMS.order);
        }
        return next;
      }),
  };
}

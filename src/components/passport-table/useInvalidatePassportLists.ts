import { useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { RESOURCES } from "../../resources";
import { OVERVIEW_QUERY_KEY } from "../overview/usePassportOverview";

/** Identifiers of every passport list; each has its own cache entry (query keys are per identifier). */
export const PASSPORT_LIST_IDENTIFIERS = RESOURCES.filter((r) => r.name === "passports").map((r) => r.identifier);

/**
 * Refetches every passport list after a workflow action, since a passport may move between them, and
 * the overview's counts (the Overview screen and the menu's badges).
 */
export function useInvalidatePassportLists(): () => Promise<void> {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      ...PASSPORT_LIST_IDENTIFIERS.map((resource) => invalidate({ resource, invalidates: ["list"] })),
      queryClient.invalidateQueries({ queryKey: [OVERVIEW_QUERY_KEY] }),
    ]);
  }, [invalidate, queryClient]);
}

import { useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { OVERVIEW_QUERY_KEY } from "../overview/usePassportOverview";
import { useResourceDeclarations } from "../resource-context";

/**
 * Refetches every passport list after a workflow action, since a passport may move between them, and
 * the overview's counts (the Overview screen and the menu's badges). Each list has its own cache
 * entry (query keys are per identifier).
 */
export function useInvalidatePassportLists(): () => Promise<void> {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const resources = useResourceDeclarations();
  return useCallback(async () => {
    const lists = resources.filter((r) => r.name === "passports").map((r) => r.identifier);
    await Promise.all([
      ...lists.map((resource) => invalidate({ resource, invalidates: ["list"] })),
      queryClient.invalidateQueries({ queryKey: [OVERVIEW_QUERY_KEY] }),
    ]);
  }, [invalidate, queryClient, resources]);
}

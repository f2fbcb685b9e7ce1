import { useInvalidate } from "@refinedev/core";
import { useCallback } from "react";
import { RESOURCES } from "../../resources";

/** Identifiers of every passport list; each has its own cache entry (query keys are per identifier). */
export const PASSPORT_LIST_IDENTIFIERS = RESOURCES.filter((r) => r.name === "passports").map((r) => r.identifier);

/** Refetches every passport list after a workflow action, since a passport may move between them. */
export function useInvalidatePassportLists(): () => Promise<void> {
  const invalidate = useInvalidate();
  return useCallback(async () => {
    await Promise.all(PASSPORT_LIST_IDENTIFIERS.map((resource) => invalidate({ resource, invalidates: ["list"] })));
  }, [invalidate]);
}

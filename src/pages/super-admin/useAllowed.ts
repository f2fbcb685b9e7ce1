import { useCan } from "@refinedev/core";

/**
 * Whether the signed-in user may do `action` on `resource`; undefined while access control has not
 * answered yet, so a screen can wait instead of showing the "not allowed" look for a moment.
 */
export function useAllowed(resource: string, action: string): boolean | undefined {
  const { data, isLoading } = useCan({ resource, action });
  return isLoading ? undefined : Boolean(data?.can);
}

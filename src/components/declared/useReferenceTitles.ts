import { useDataProvider } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { declaredScreenOf } from "../../resources/derive";
import type { ReferenceField } from "../../resources/model/fields";
import type { AnyDataResource } from "../../resources/model/resource";
import type { ResourceDeclaration } from "../../resources/types";
import { useResourceDeclarations } from "../resource-context";

/** A reference field and the screens of the records it points to, on the same dashboard. */
export interface ReferenceTarget {
  field: string;
  to: ResourceDeclaration & { data: AnyDataResource };
}

/**
 * The references of `data` whose records `screen`'s role may read: only those are asked for (a call
 * the role may not make would be answered 403, which ends the session, spec §4). A legacy target has
 * no REST records to ask for.
 */
export function useReferenceTargets(screen: ResourceDeclaration): ReferenceTarget[] {
  const all = useResourceDeclarations();
  return useMemo(() => {
    const data = screen.data;
    if (!data) return [];
    return Object.entries(data.fields).flatMap(([field, f]) => {
      if (f.kind !== "reference") return [];
      const to = declaredScreenOf(all, (f as ReferenceField).to, screen.role);
      return to?.data && !to.data.legacy ? [{ field, to: to as ReferenceTarget["to"] }] : [];
    });
  }, [all, screen]);
}

const idsIn = (values: readonly unknown[]) =>
  [...new Set(values.filter((v) => v !== null && v !== undefined && v !== "").map(String))].sort((a, b) => Number(a) - Number(b));

/**
 * The titles of the records `rows` reference (Refine's getMany: `GET /api/employers?id=1&id=2`), one
 * call per reference field; `extra` adds ids shown elsewhere (a filter's chip). Returns a look-up:
 * `titleOf("employerId", 3)` → "Gulf Builders", undefined until known.
 */
export function useReferenceTitles(
  screen: ResourceDeclaration,
  rows: readonly Record<string, unknown>[],
  extra: Record<string, readonly unknown[]> = {},
): (field: string, id: unknown) => string | undefined {
  const targets = useReferenceTargets(screen);
  const getDataProvider = useDataProvider();
  const wanted = targets.map((target) => ({ target, ids: idsIn([...rows.map((row) => row[target.field]), ...(extra[target.field] ?? [])]) }));
  const replies = useQueries({
    queries: wanted.map(({ target, ids }) => ({
      queryKey: ["declared-titles", target.to.name, ids],
      queryFn: () => getDataProvider(target.to.dataProviderName).getMany!({ resource: target.to.name, ids }),
      enabled: ids.length > 0,
      staleTime: 30_000,
    })),
  });
  const titles = new Map<string, string>();
  wanted.forEach(({ target }, i) => {
    for (const record of replies[i]?.data?.data ?? []) {
      titles.set(`${target.field}:${record.id}`, String((record as Record<string, unknown>)[target.to.data.title] ?? ""));
    }
  });
  return (field, id) => titles.get(`${field}:${id}`);
}

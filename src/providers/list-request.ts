import type { CrudFilter, GetListParams } from "@refinedev/core";
import { DEFAULT_PAGE_SIZE } from "../contract";
import { fillPath } from "../contract";
import type { ResourceApi } from "../resources/types";

export type QueryValue = string | number | boolean | undefined | null;

/** "a=1&b=x%20y": values URL-encoded, empty ones left out. */
export function toQueryString(params: Record<string, QueryValue>): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && String(v) !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}

export const withQuery = (path: string, params: Record<string, QueryValue>) => {
  const query = toQueryString(params);
  return query ? `${path}?${query}` : path;
};

/** Refine filters → contract query parameters: trimmed, blanks dropped (spec §5 Filters). */
export function filtersToParams(filters: CrudFilter[] | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter)) continue;
    const value = Array.isArray(filter.value) ? filter.value[0] : filter.value;
    if (value === undefined || value === null || typeof value === "object") continue;
    const text = String(value).trim();
    if (text !== "") params[filter.field] = text;
  }
  return params;
}

export function apiOf(meta: Record<string, unknown> | undefined, resource: string): ResourceApi {
  const api = meta?.api as ResourceApi | undefined;
  if (!api) throw new Error(`Resource ${resource} declares no API endpoints (meta.api)`);
  return api;
}

export function endpointOf<T>(value: T | undefined, resource: string, what: string): T {
  if (!value) throw new Error(`Resource ${resource} has no ${what} endpoint`);
  return value;
}

export type ListParams = Pick<GetListParams, "resource" | "pagination" | "filters" | "meta">;

/**
 * The GET a list sends (spec §7): the endpoint the resource declares in `meta.api` (its by-agent
 * path when an `agentId` filter is set, ":agentId" otherwise the signed-in user's id), the filters,
 * the list's own fixed query and the zero-based page.
 */
export function listRequestUrl({ resource, pagination, filters, meta }: ListParams, currentUserId: number | undefined): string {
  const endpoint = endpointOf(apiOf(meta, resource).list, resource, "list");
  const { agentId, ...rest } = filtersToParams(filters);
  const byAgent = agentId !== undefined && endpoint.byAgentPath !== undefined;
  const pattern = byAgent ? endpoint.byAgentPath! : endpoint.path;
  const path = pattern.includes(":agentId") ? fillPath(pattern, { agentId: byAgent ? agentId : (currentUserId ?? "") }) : pattern;
  const query = { ...rest, ...endpoint.query };
  if (pagination?.mode === "off") return withQuery(path, query);
  const currentPage = pagination?.currentPage ?? 1;
  const pageSize = pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  return withQuery(path, { ...query, page: currentPage - 1, size: pageSize });
}

/**
 * Declared paths that would clash with other routes stop the server at start, naming both: two
 * declarations of one name or table, a declared route another route already answers, and any route
 * inside a REST declaration's /api/<name> (a resource named "passport" would take /api/passport/...).
 */
import { type AnyDataResource, tableOf } from "../../src/resources/model";
import { basePath, declaredRoutes } from "./paths";

export interface KnownRoute {
  method: string;
  url: string;
}

const twice = <T,>(values: T[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

export function declaredRouteCollisions(resources: readonly AnyDataResource[], existing: readonly KnownRoute[]): string[] {
  const problems: string[] = [];
  for (const name of twice(resources.map((r) => r.name))) problems.push(`Two declared resources are named "${name}"`);
  for (const table of twice(resources.map(tableOf))) problems.push(`Two declared resources use the table ${table}`);
  // Wildcards (the web app's GET /*, the CORS preflight's OPTIONS *) answer what nothing else does.
  const others = existing.filter((r) => !r.url.includes("*"));
  const declared = resources.flatMap((resource) => declaredRoutes(resource).map((route) => ({ resource, method: route.method as string, url: route.url })));
  const seen = new Map<string, string>();
  for (const route of declared) {
    const key = `${route.method} ${route.url}`;
    const taken = others.some((r) => r.method === route.method && r.url === route.url);
    if (taken) problems.push(`Declared resource "${route.resource.name}" collides with an existing route: ${key}`);
    const earlier = seen.get(key);
    if (earlier && earlier !== route.resource.name) problems.push(`Declared resources "${earlier}" and "${route.resource.name}" both answer ${key}`);
    seen.set(key, route.resource.name);
  }
  for (const resource of resources.filter((r) => !r.legacy)) {
    const base = basePath(resource);
    const inside = [...others, ...declared.filter((r) => r.resource !== resource)].filter((r) => r.url === base || r.url.startsWith(`${base}/`));
    const named = [...new Set(inside.map((r) => `${r.method} ${r.url}`))];
    if (named.length > 0) problems.push(`Declared resource "${resource.name}" would answer ${base} and the paths under it, which are taken: ${named.join(", ")}`);
  }
  return [...new Set(problems)];
}

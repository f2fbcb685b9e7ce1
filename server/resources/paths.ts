/**
 * The routes a declaration gives, and which of its actions each serves: read by the routes themselves,
 * the access each declares, the start-up collision check and docs/access.md's generated rows.
 *
 * In the REST dialect of @refinedev/simple-rest, under /api/<name>: the list (which the app's export
 * pages through too), a record, its history and its files, create, update (PATCH) and delete, and the
 * import's template and upload (docs/resources.md "Import"). A legacy declaration (slots) is served on
 * the paths the spec fixed instead: list, create, update (PUT) and delete. A route whose actions nobody
 * is granted is not registered.
 */
import { type AnyDataResource, type ResourceAction, rolesFor } from "../../src/resources/model";
import { fileFieldNames } from "./columns";

export type RouteKind = "list" | "show" | "history" | "file" | "create" | "update" | "delete" | "import-template" | "import";

export interface DeclaredRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  kind: RouteKind;
  /** The actions whose grants admit a caller. */
  actions: readonly ResourceAction[];
  /** The file field a file route downloads. */
  field?: string;
}

export const basePath = (resource: AnyDataResource) => `/api/${resource.name}`;

function allRoutes(resource: AnyDataResource): DeclaredRoute[] {
  if (resource.legacy) {
    const { paths } = resource.legacy;
    return [
      { method: "GET", url: paths.list, kind: "list", actions: ["list", "export"] },
      { method: "POST", url: paths.create, kind: "create", actions: ["create"] },
      { method: "PUT", url: paths.update, kind: "update", actions: ["update"] },
      { method: "DELETE", url: paths.delete, kind: "delete", actions: ["delete"] },
    ];
  }
  const base = basePath(resource);
  return [
    { method: "GET", url: base, kind: "list", actions: ["list", "export"] },
    { method: "GET", url: `${base}/:id`, kind: "show", actions: ["show"] },
    { method: "GET", url: `${base}/:id/history`, kind: "history", actions: ["show"] },
    ...fileFieldNames(resource).map((field): DeclaredRoute => ({ method: "GET", url: `${base}/:id/files/${field}`, kind: "file", actions: ["show"], field })),
    { method: "POST", url: base, kind: "create", actions: ["create"] },
    { method: "PATCH", url: `${base}/:id`, kind: "update", actions: ["update"] },
    { method: "DELETE", url: `${base}/:id`, kind: "delete", actions: ["delete"] },
    { method: "GET", url: `${base}/import-template`, kind: "import-template", actions: ["import"] },
    { method: "POST", url: `${base}/import`, kind: "import", actions: ["import"] },
  ];
}

/** The routes of a declaration that someone may call. */
export const declaredRoutes = (resource: AnyDataResource): DeclaredRoute[] =>
  allRoutes(resource).filter((route) => route.actions.some((action) => rolesFor(resource, action).length > 0));

/**
 * The declared resources' API (issue 26; docs/resources.md): for each declaration its routes, in the
 * REST dialect of @refinedev/simple-rest or on a legacy declaration's fixed paths, each declaring the
 * access the declaration grants. Registered after every other route, whose paths it checks first.
 */
import { englishText } from "../../src/i18n/local-text";
import type { FastifyInstance } from "fastify";
import type { AnyDataResource } from "../../src/resources/model";
import { routeAccess } from "./access";
import { type KnownRoute, declaredRouteCollisions } from "./collisions";
import { declarationProblems } from "./declaration-checks";
import { registerLegacyRoute } from "./legacy-routes";
import { registerImportRoute } from "./import/routes";
import { declaredRoutes } from "./paths";
import { type RouteOptions, registerRestRoute } from "./routes";

export { declaredRoutes } from "./paths";
export { cellOf, routeAccess } from "./access";

/** The reference's tag of each declared resource: its routes are listed under its plural label. */
export const declaredTags = (resources: readonly AnyDataResource[]) =>
  resources.map((resource) => ({ name: englishText(resource.label.many), description: `${englishText(resource.label.many)}: a declared resource (docs/resources.md)` }));

/** Throws, naming every problem, when the declarations cannot be served beside `existing` routes. */
export function checkDeclarations(resources: readonly AnyDataResource[], existing: readonly KnownRoute[]): void {
  const problems = [...declarationProblems(resources), ...declaredRouteCollisions(resources, existing)];
  if (problems.length > 0) throw new Error(`The declared resources cannot be served:\n- ${problems.join("\n- ")}`);
}

export function registerDeclaredResources(app: FastifyInstance, resources: readonly AnyDataResource[], options: RouteOptions): void {
  for (const resource of resources) {
    for (const route of declaredRoutes(resource)) {
      const access = routeAccess(resource, route.actions);
      if (resource.legacy) registerLegacyRoute(app, resource, route, access, options);
      else if (route.kind === "import" || route.kind === "import-template") registerImportRoute(app, resource, route, access, options);
      else registerRestRoute(app, resource, route, access, options);
    }
  }
}

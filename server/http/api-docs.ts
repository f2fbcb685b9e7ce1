/**
 * GET /api/docs: the API reference to browse, Swagger UI (@fastify/swagger-ui) over the document of
 * GET /api/openapi.json, which it loads from /api/docs/json. Public, as the document is: it holds no
 * records. It runs under the app's Content-Security-Policy as it is (docs/security.md "The API
 * reference"): its page loads its scripts and styles as files and writes none inline.
 */
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";

export const API_DOCS_PATH = "/api/docs";

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "public" };
    });
    await scope.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      theme: { title: "Overseas passport back office API" },
      // Without the top bar: its Swagger logo is an SVG holding a <style> element, which the policy refuses.
      uiConfig: { layout: "BaseLayout", docExpansion: "list", defaultModelsExpandDepth: 0 },
    });
  });
}

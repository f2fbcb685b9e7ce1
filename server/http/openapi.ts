/**
 * Route schemas in zod (fastify-type-provider-zod): Fastify validates params, query and body with them
 * before the handler runs, and @fastify/swagger documents every route from them as OpenAPI 3.1, served
 * at GET /api/openapi.json (public: it holds no records).
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";

export const OPENAPI_PATH = "/api/openapi.json";

/** Registers the compilers and the document's collector; call before any route is added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Overseas passport back office API",
        description:
          "The spec's envelope routes (`{success, replyMessage, message, errorMessage}`) and the declared resources in the REST dialect of @refinedev/simple-rest. Who may call each route: docs/access.md.",
        version: "1.0.0",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
}

/** GET /api/openapi.json; add after the other routes are registered. */
export function openApiRoute(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
}

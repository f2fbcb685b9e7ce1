/**
 * Route schemas in zod (fastify-type-provider-zod's types): Fastify validates params, query and body
 * with them before the handler runs (validate.ts), writes replies by them (reply-serializer.ts), and
 * @fastify/swagger documents every route from them as OpenAPI 3.1, served at GET /api/openapi.json
 * (public: it holds no records). How to write them: docs/api.md.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema } from "../../src/contract/replies";
import type { Access } from "../auth/access";
import { replySerializerCompiler } from "./reply-serializer";
import { validatorCompiler } from "./validate";

export const OPENAPI_PATH = "/api/openapi.json";

/** The routes' tags, in the order the reference lists them. */
export const API_TAGS = [
  { name: "Sign-in", description: "Sign-in, token refresh (POST /) and sign-out" },
  { name: "Users", description: "Accounts, managed by super admins" },
  { name: "Sessions", description: "One's own sessions, password and language; a super admin's controls over other accounts'" },
  { name: "Security log", description: "Sign-ins, lockouts and session changes, for super admins" },
  { name: "Passport lists", description: "Pages of passports by status and agent, with the §5 filters, and the overview's counts" },
  { name: "Passports", description: "A passport's record, documents, history and comments" },
  { name: "Passport workflow", description: "Status transitions, comments, milestones and dates" },
  { name: "Slots", description: "Slot numbers" },
  { name: "Live events", description: "The stream of changes that keeps lists live (docs/live.md)" },
] as const;
export type ApiTag = (typeof API_TAGS)[number]["name"];

/**
 * Registers the compilers and the document's collector; call before any route is added. `extraTags`:
 * the declared resources' (server/resources), after these.
 */
export async function registerOpenApi(app: FastifyInstance, extraTags: readonly { name: string; description: string }[] = []): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  app.addHook("onRoute", completeRouteSchema);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Overseas passport back office API",
        description:
          "The spec's envelope routes (`{success, replyMessage, message, errorMessage}`) and the declared resources in the REST dialect of @refinedev/simple-rest. Who may call each route: docs/access.md (each operation says which roles).",
        version: "1.0.0",
      },
      tags: [...API_TAGS, ...extraTags.filter((tag) => !API_TAGS.some((known) => known.name === tag.name))].map((tag) => ({ ...tag })),
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: transformRoute,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
}

/** GET /api/openapi.json; add after the other routes are registered. */
export function openApiRoute(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
}

/**
 * What every documented route has and need not write: its security and the roles that may call it,
 * from its `config.access` (so the reference cannot say otherwise than the guard), and the error
 * envelope as its 4xx and 5xx replies.
 */
function completeRouteSchema(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema?.response || schema.hide) return;
  const access = route.config?.access;
  route.schema = {
    ...schema,
    description: [schema.description, accessText(access)].filter(Boolean).join("\n\n"),
    security: access === "public" ? [] : [{ bearer: [] }],
    response: { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema, ...(schema.response as object) },
  } as typeof schema;
}

function accessText(access: Access | undefined): string {
  if (access === "public") return "Access: anyone, without a token.";
  if (access === "authenticated" || access === undefined) return "Access: any signed-in user.";
  return `Access: ${access.join(", ")}. Where a role sees only its own records: docs/access.md.`;
}

/**
 * The document without the component schemas no operation reaches: the transform adds each registered
 * schema twice, as read and as written, and most are only ever one of the two.
 */
function withoutUnusedSchemas(transformed: ReturnType<typeof jsonSchemaTransformObject>) {
  const document = transformed as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
  const used = new Set<string>();
  const pending = refsIn(document.paths);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...transformed, components: { ...document.components, schemas: kept } } as typeof transformed;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * jsonSchemaTransform, and bodies given per content type (the multipart uploads), which it does not
 * read: each becomes the JSON Schema of what is sent.
 */
function transformRoute(document: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const body = document.schema?.body as { content?: Record<string, { schema: z.ZodType }> } | undefined;
  if (!body?.content) return jsonSchemaTransform(document);
  const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: undefined } });
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, media]) => {
      const { $schema: _, ...json } = z.toJSONSchema(media.schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" });
      return [type, { schema: json }];
    }),
  );
  return { ...transformed, schema: { ...transformed.schema, body: { content } } };
}

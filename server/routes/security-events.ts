/** The security log, for super admins (issue 11; docs/access.md). */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PATHS, securityEventsQuerySchema } from "../../src/contract";
import { envelopeOf, pageOf, securityEventSchema } from "../../src/contract/replies";
import type { RouteModule } from "../context";
import { ok, page } from "../http/envelope";

const securityEvents = {
  summary: "A page of the security log, newest first",
  tags: ["Security log"],
  querystring: securityEventsQuerySchema,
  response: { 200: envelopeOf(pageOf(securityEventSchema)) },
};

export const securityEventRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(PATHS.securityEvents, { config: { access: ["SUPER_ADMIN"] }, schema: securityEvents }, async (request) => {
    const { events, total } = await ctx.securityEvents.page(request.query);
    return ok(page(events, total, request.query));
  });
};

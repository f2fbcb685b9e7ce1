/** The security log, for super admins (issue 11; docs/access.md). */
import { PATHS, securityEventsQuerySchema } from "../../src/contract";
import type { RouteModule } from "../context";
import { ok, page } from "../http/envelope";
import { parse } from "../http/validate";

export const securityEventRoutes: RouteModule = (app, ctx) => {
  app.get(PATHS.securityEvents, { config: { access: ["SUPER_ADMIN"] } }, async (request) => {
    const query = parse(securityEventsQuerySchema, request.query);
    const { events, total } = await ctx.securityEvents.page(query);
    return ok(page(events, total, query));
  });
};

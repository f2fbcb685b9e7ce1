/** The security log, for super admins (issue 11; docs/access.md); its file too (issue 27). */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PATHS, SECURITY_EVENT_KINDS, type SecurityEvent, exportQuerySchema, securityEventsQuerySchema } from "../../src/contract";
import { envelopeOf, pageOf, securityEventSchema } from "../../src/contract/replies";
import { formatDateTime } from "../../src/format";
import type { RouteModule } from "../context";
import { type RecordColumns, checkColumns, chosenColumns, exportColumnsOf, recordRows } from "../export/columns";
import { assertFitsXlsx, sendExport } from "../export/send";
import { ok, page } from "../http/envelope";

const LABELS = new Map<string, string>(SECURITY_EVENT_KINDS.map((k) => [k.kind, k.label]));
const text = (value: string | null) => value ?? "";

/** The Security Log screen's columns, as it writes them. */
const COLUMNS: RecordColumns<SecurityEvent> = {
  at: { header: "When", kind: "dateTime", text: (e) => formatDateTime(e.at), value: (e) => new Date(e.at) },
  kind: { header: "Event", text: (e) => LABELS.get(e.kind) ?? e.kind },
  username: { header: "User", text: (e) => text(e.username) },
  actorUsername: { header: "By", text: (e) => text(e.actorUsername) },
  ipAddress: { header: "Address", text: (e) => text(e.ipAddress) },
  browser: { header: "Browser", text: (e) => text(e.browser) },
  details: { header: "Details", text: (e) => text(e.details) },
};

const securityEvents = {
  summary: "A page of the security log, newest first",
  description: `With \`format=csv\` or \`format=xlsx\` the whole filtered log as a file (page and size ignored; \`columns\` of ${Object.keys(COLUMNS).join(", ")}).`,
  tags: ["Security log"],
  querystring: securityEventsQuerySchema.extend(exportQuerySchema.shape).superRefine(checkColumns(Object.keys(COLUMNS))),
  response: { 200: envelopeOf(pageOf(securityEventSchema)) },
};

export const securityEventRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(PATHS.securityEvents, { config: { access: ["SUPER_ADMIN"] }, schema: securityEvents }, async (request, reply) => {
    const { format, columns } = request.query;
    if (format) {
      const chosen = chosenColumns(COLUMNS, columns);
      if (format === "xlsx") assertFitsXlsx((await ctx.securityEvents.page({ ...request.query, page: 0, size: 1 })).total, ctx.limits.exportXlsxMaxRows);
      const rows = recordRows(chosen, ctx.securityEvents.batches(request.query));
      return sendExport(reply, { format, name: "security-log", sheet: "Security Log", columns: exportColumnsOf(chosen), rows, now: ctx.clock() });
    }
    const { events, total } = await ctx.securityEvents.page(request.query);
    return ok(page(events, total, request.query));
  });
};

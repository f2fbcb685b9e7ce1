/**
 * A declared resource served on the paths the spec fixed before declarations existed, with the spec's
 * envelope (the model's `legacy` option; slots): the list of every record as `ok(array)` in the
 * declaration's order, create 201 `ok(record, created)`, update (PUT, the whole record) `ok(record,
 * updated)`, delete `ok(null, deleted)`. The same store as the REST dialect: checks, history, access.
 */
import { englishText } from "../../src/i18n/local-text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ExportQuery, type Role, exportQuerySchema } from "../../src/contract";
import { z } from "zod";
import { type AnyDataResource, exportColumnsOf } from "../../src/resources/model";
import { currentUser } from "../auth/access";
import { ok } from "../http/envelope";
import { checkColumns } from "../export/columns";
import { assertFitsXlsx, sendExport } from "../export/send";
import { scopeOf } from "./access";
import { exportColumns, exportRows } from "./export";

import { listRows } from "./list-query";
import type { DeclaredRoute } from "./paths";
import { envelopeSchema, idParamSchema, recordBodySchema, recordOutputSchema } from "./route-schemas";
import type { RouteOptions } from "./routes";
import { createRecord, deleteRecord, toRecords, updateRecord } from "./store";
import { fileChangesOf, readSubmission } from "./submission";

export function registerLegacyRoute(app: FastifyInstance, resource: AnyDataResource, route: DeclaredRoute, access: readonly Role[], options: RouteOptions): void {
  const legacy = resource.legacy!;
  const { store } = options;
  const record = recordOutputSchema(resource);
  const config = { access };
  const tags = [englishText(resource.label.many)];
  const id = (request: FastifyRequest) => (request.params as z.output<typeof idParamSchema>).id;
  const scope = (request: FastifyRequest) => scopeOf(resource, route.actions, currentUser(request));
  const input = (request: FastifyRequest) => ({ values: request.body as Record<string, unknown>, files: fileChangesOf(request), user: currentUser(request), scope: scope(request) });
  const what = englishText(resource.label.one).toLowerCase();

  switch (route.kind) {
    case "list":
      {
        // The list takes no query but the file's (docs/resources.md "Export"): its columns are the id's and the fields'.
        const columnNames = [...(resource.idColumn ? ["id"] : []), ...exportColumnsOf(resource)];
        const querystring = exportQuerySchema.superRefine(checkColumns(["id", ...exportColumnsOf(resource)]));
        const summary = `Every ${what}`;
        const description = `With \`format=csv\` or \`format=xlsx\` the list as a file, for the roles the declaration lets export (\`columns\` of id, ${exportColumnsOf(resource).join(", ")}).`;
        app.get(route.url, { config, schema: { tags, summary, description, querystring, response: { 200: envelopeSchema(z.array(record)) } } }, async (request, reply) => {
          const query = { filters: [], sort: [] };
          const { format, columns } = request.query as ExportQuery;
          if (format) {
            const exportScope = scopeOf(resource, ["export"], currentUser(request));
            if (format === "xlsx") assertFitsXlsx((await listRows(store.db, store.dialect, resource, query, exportScope, { start: 0, end: 1 })).total, options.xlsxMaxRows);
            const chosen = columns ?? columnNames;
            const rows = exportRows(store, resource, query, exportScope, chosen);
            return sendExport(reply, { format, name: resource.name, sheet: englishText(resource.label.many), columns: exportColumns(resource, chosen), rows, now: store.clock() });
          }
          const { rows } = await listRows(store.db, store.dialect, resource, query, scope(request));
          return ok(await toRecords(store.db, resource, rows));
        });
      }
      return;
    case "create":
      app.post(
        route.url,
        {
          config,
          preValidation: (request) => readSubmission(request, resource, options.maxUploadBytes, store.storage),
          schema: { tags, summary: `Create a ${what}`, body: recordBodySchema(resource, "create"), response: { 201: envelopeSchema(record) } },
        },
        async (request, reply) => reply.code(201).send(ok(await createRecord(store, resource, input(request)), englishText(legacy.messages.created))),
      );
      return;
    case "update":
      // PUT sends the whole record: the create rules apply.
      app.put(
        route.url,
        {
          config,
          preValidation: (request) => readSubmission(request, resource, options.maxUploadBytes, store.storage),
          schema: { tags, summary: `Change a ${what}`, params: idParamSchema, body: recordBodySchema(resource, "create"), response: { 200: envelopeSchema(record) } },
        },
        async (request) => ok(await updateRecord(store, resource, id(request), input(request)), englishText(legacy.messages.updated)),
      );
      return;
    case "delete":
      app.delete(
        route.url,
        { config, schema: { tags, summary: `Delete a ${what}`, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } } },
        async (request) => {
          await deleteRecord(store, resource, id(request), { user: currentUser(request), scope: scope(request) });
          return ok(null, englishText(legacy.messages.deleted));
        },
      );
      return;
    default:
      throw new Error(`A legacy declaration has no ${route.kind} route`);
  }
}

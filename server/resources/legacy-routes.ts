/**
 * A declared resource served on the paths the spec fixed before declarations existed, with the spec's
 * envelope (the model's `legacy` option; slots): the list of every record as `ok(array)` in the
 * declaration's order, create 201 `ok(record, created)`, update (PUT, the whole record) `ok(record,
 * updated)`, delete `ok(null, deleted)`. The same store as the REST dialect: checks, history, access.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "../../src/contract";
import { z } from "zod";
import type { AnyDataResource } from "../../src/resources/model";
import { currentUser } from "../auth/access";
import { ok } from "../http/envelope";
import { scopeOf } from "./access";

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
  const tags = [resource.label.many];
  const id = (request: FastifyRequest) => (request.params as z.output<typeof idParamSchema>).id;
  const scope = (request: FastifyRequest) => scopeOf(resource, route.actions, currentUser(request));
  const input = (request: FastifyRequest) => ({ values: request.body as Record<string, unknown>, files: fileChangesOf(request), user: currentUser(request), scope: scope(request) });
  const what = resource.label.one.toLowerCase();

  switch (route.kind) {
    case "list":
      app.get(route.url, { config, schema: { tags, summary: `Every ${what}`, response: { 200: envelopeSchema(z.array(record)) } } }, async (request) => {
        const { rows } = await listRows(store.db, store.dialect, resource, { filters: [], sort: [] }, scope(request));
        return ok(await toRecords(store.db, resource, rows));
      });
      return;
    case "create":
      app.post(
        route.url,
        {
          config,
          preValidation: (request) => readSubmission(request, resource, options.maxUploadBytes),
          schema: { tags, summary: `Create a ${what}`, body: recordBodySchema(resource, "create"), response: { 201: envelopeSchema(record) } },
        },
        async (request, reply) => reply.code(201).send(ok(await createRecord(store, resource, input(request)), legacy.messages.created)),
      );
      return;
    case "update":
      // PUT sends the whole record: the create rules apply.
      app.put(
        route.url,
        {
          config,
          preValidation: (request) => readSubmission(request, resource, options.maxUploadBytes),
          schema: { tags, summary: `Change a ${what}`, params: idParamSchema, body: recordBodySchema(resource, "create"), response: { 200: envelopeSchema(record) } },
        },
        async (request) => ok(await updateRecord(store, resource, id(request), input(request)), legacy.messages.updated),
      );
      return;
    case "delete":
      app.delete(
        route.url,
        { config, schema: { tags, summary: `Delete a ${what}`, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } } },
        async (request) => {
          await deleteRecord(store, resource, id(request), { user: currentUser(request), scope: scope(request) });
          return ok(null, legacy.messages.deleted);
        },
      );
      return;
    default:
      throw new Error(`A legacy declaration has no ${route.kind} route`);
  }
}

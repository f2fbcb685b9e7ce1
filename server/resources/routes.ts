/**
 * A declared resource's routes in the REST dialect `@refinedev/simple-rest` reads unmodified
 * (docs/resources.md "The API"): `GET /api/<name>` an array with the total in X-Total-Count, a record
 * at `/api/<name>/:id` (GET, PATCH, DELETE), `POST /api/<name>` 201, plus the record's history and the
 * downloads of its files. Errors are the spec's envelope, as everywhere.
 */
import { englishText } from "../../src/i18n/local-text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "../../src/contract";
import { z } from "zod";
import { type AnyDataResource, type ListQuery, MAX_LIST_WINDOW, exportColumnsOf } from "../../src/resources/model";
import { assertFitsXlsx, sendExport } from "../export/send";
import { currentUser } from "../auth/access";
import { badRequest, notFound } from "../http/errors";
import { fillOwner, scopeOf } from "./access";
import { attachmentDisposition } from "../http/file-names";
import { readFile } from "./files";
import { exportColumns, exportRows } from "./export";
import { readHistory } from "./history";
import { listRows } from "./list-query";
import type { DeclaredRoute } from "./paths";
import { fileDownloadSchema, historyOutputSchema, idParamSchema, listQueryRouteSchema, listReplySchema, recordBodySchema, recordOutputSchema } from "./route-schemas";
import { type ResourceStore, createRecord, deleteRecord, readRecord, recordExists, toRecords, updateRecord } from "./store";
import { fileChangesOf, readSubmission } from "./submission";

export interface RouteOptions {
  store: ResourceStore;
  /** Where downloads read the files' bytes (server/db/database.ts `documents`). */
  documents: ResourceStore["db"];
  maxUploadBytes: number;
  /** EXPORT_XLSX_MAX_ROWS: a longer list is refused as Excel (400), offered as CSV. */
  xlsxMaxRows: number;
  /** MAX_IMPORT_MB and MAX_IMPORT_ROWS: the import's limits (import/routes.ts). */
  importMaxBytes: number;
  importMaxRows: number;
}

/** Whether the list's query gave a window (`getMany` sends ids alone: all of them are answered). */
const windows = new WeakMap<FastifyRequest, boolean>();

export function registerRestRoute(app: FastifyInstance, resource: AnyDataResource, route: DeclaredRoute, access: readonly Role[], options: RouteOptions): void {
  const { store } = options;
  const record = recordOutputSchema(resource);
  const tags = [englishText(resource.label.many)];
  const config = { access };
  const id = (request: FastifyRequest) => (request.params as z.output<typeof idParamSchema>).id;
  const scope = (request: FastifyRequest) => scopeOf(resource, route.actions, currentUser(request));
  const what = englishText(resource.label.one).toLowerCase();
  const multipartNote = Object.values(resource.fields).some((f) => f.kind === "file")
    ? " Send JSON, or multipart/form-data when a file goes with it: each field a form field of its name, each file a part named by its field."
    : "";

  switch (route.kind) {
    case "list":
      app.get(
        route.url,
        {
          config,
          preValidation: async (request) => void windows.set(request, "_end" in (request.query as object)),
          schema: {
            tags,
            summary: `List ${englishText(resource.label.many).toLowerCase()}`,
            description: "One window of the list (`_start`, `_end`), its total in the X-Total-Count header; `id` alone answers those records (getMany).",
            querystring: listQueryRouteSchema(resource),
            response: { 200: listReplySchema(record) },
          },
        },
        async (request, reply) => {
          const query = request.query as ListQuery;
          if (query.format) {
            const columns = query.columns ?? exportColumnsOf(resource);
            const scope = scopeOf(resource, ["export"], currentUser(request));
            if (query.format === "xlsx") {
              const { total } = await listRows(store.db, store.dialect, resource, query, scope, { start: 0, end: 1 });
              assertFitsXlsx(total, options.xlsxMaxRows);
            }
            const rows = exportRows(store, resource, query, scope, columns);
            const file = { format: query.format, name: resource.name, sheet: englishText(resource.label.many), columns: exportColumns(resource, columns), rows, now: store.clock() };
            return sendExport(reply, file);
          }
          if (query.ids && !windows.get(request) && query.ids.length > MAX_LIST_WINDOW) {
            throw badRequest(`At most ${MAX_LIST_WINDOW} ids at once`, { id: `At most ${MAX_LIST_WINDOW} ids at once` });
          }
          const window = query.ids && !windows.get(request) ? { start: 0, end: query.ids.length } : { start: query.start, end: query.end };
          const { rows, total } = await listRows(store.db, store.dialect, resource, query, scope(request), window);
          reply.header("x-total-count", String(total));
          return toRecords(store.db, resource, rows);
        },
      );
      return;
    case "show":
      app.get(
        route.url,
        { config, schema: { tags, summary: `A ${what}`, params: idParamSchema, response: { 200: record } } },
        async (request) => readRecord(store, resource, id(request), scope(request)),
      );
      return;
    case "history":
      app.get(
        route.url,
        {
          config,
          schema: {
            tags,
            summary: `The history of a ${what}, newest first`,
            description: "Every create, update (the fields changed, old to new; a file by its name) and delete, with who and when.",
            params: idParamSchema,
            response: { 200: historyOutputSchema },
          },
        },
        async (request) => {
          const s = scope(request);
          const exists = await recordExists(store, resource, id(request), s);
          // A deleted record's history is still there for those who may see every record.
          if (!exists && !s.all) throw notFound(englishText(resource.label.one));
          const history = await readHistory(store.db, resource, id(request));
          if (!exists && history.length === 0) throw notFound(englishText(resource.label.one));
          return history;
        },
      );
      return;
    case "file":
      app.get(
        route.url,
        {
          config,
          schema: {
            tags,
            summary: `Download a ${what}'s ${englishText(resource.fields[route.field!].label)}`,
            description: "The file's bytes, as an attachment named by its cleaned name (Content-Disposition).",
            params: idParamSchema,
            response: { 200: fileDownloadSchema },
          },
        },
        async (request, reply) => {
          await readRecord(store, resource, id(request), scope(request));
          const file = await readFile(options.documents, options.store.storage, resource, id(request), route.field!);
          if (!file) throw notFound(englishText(resource.fields[route.field!].label));
          return reply.header("content-type", file.content_type).header("content-disposition", attachmentDisposition(file.file_name)).send(file.body);
        },
      );
      return;
    case "create":
      app.post(
        route.url,
        {
          config,
          preValidation: async (request) => {
            await readSubmission(request, resource, options.maxUploadBytes, store.storage);
            fillOwner(request, resource, scope(request));
          },
          schema: {
            tags,
            summary: `Create a ${what}`,
            description: `Answers the record created (201).${multipartNote}`,
            consumes: ["application/json", "multipart/form-data"],
            body: recordBodySchema(resource, "create"),
            response: { 201: record },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const created = await createRecord(store, resource, { values: request.body as Record<string, unknown>, files: fileChangesOf(request), user, scope: scope(request) });
          return reply.code(201).send(created);
        },
      );
      return;
    case "update":
      app.patch(
        route.url,
        {
          config,
          preValidation: (request) => readSubmission(request, resource, options.maxUploadBytes, store.storage),
          schema: {
            tags,
            summary: `Change a ${what}`,
            description: `Only the fields sent change; answers the record as changed.${multipartNote}`,
            consumes: ["application/json", "multipart/form-data"],
            params: idParamSchema,
            body: recordBodySchema(resource, "update"),
            response: { 200: record },
          },
        },
        async (request) => {
          const user = currentUser(request);
          return updateRecord(store, resource, id(request), { values: request.body as Record<string, unknown>, files: fileChangesOf(request), user, scope: scope(request) });
        },
      );
      return;
    case "delete":
      app.delete(
        route.url,
        {
          config,
          schema: { tags, summary: `Delete a ${what}`, description: "Answers the record as it was. A record others use is kept (409).", params: idParamSchema, response: { 200: record } },
        },
        async (request) => deleteRecord(store, resource, id(request), { user: currentUser(request), scope: scope(request) }),
      );
      return;
  }
}

/**
 * A declared resource's import (issue 27; docs/resources.md "Import"): `GET /api/<name>/import-template`
 * and `POST /api/<name>/import` (a dry run unless `dryRun=false`), for the roles its `import` grant
 * names. The upload, the sheet and its refusals (415, 413, 400) are the passport import's
 * (server/import/); the report is its shape, in the spec's envelope, which the app's import wizard reads.
 */
import { englishText } from "../../../src/i18n/local-text";
import type { FastifyInstance } from "fastify";
import type { Role } from "../../../src/contract";
import { type ImportQuery, importQuerySchema, importTemplateQuerySchema } from "../../../src/contract";
import type { AnyDataResource } from "../../../src/resources/model";
import { currentUser } from "../../auth/access";
import { ok } from "../../http/envelope";
import { bodyReadByHandler } from "../../http/validate";
import { failedRowsFile, failedRowsName } from "../../import/failed-rows";
import { readSheet } from "../../import/read-sheet";
import { assertFailedRowsOfDryRun, importBody, importResponse, sendSpreadsheet, templateResponse } from "../../import/route-parts";
import { readImportUpload } from "../../import/upload";
import { scopeOf } from "../access";
import type { DeclaredRoute } from "../paths";
import type { ResourceStore } from "../store";
import { commitDeclaredImport } from "./commit";
import { planDeclaredImport, uniqueFieldNames } from "./plan";
import { declaredTemplateCsv, declaredTemplateXlsx } from "./template";

export interface ImportOptions {
  store: ResourceStore;
  /** MAX_IMPORT_MB and MAX_IMPORT_ROWS, as for passports. */
  importMaxBytes: number;
  importMaxRows: number;
}

const counted = (n: number, resource: AnyDataResource) => `${n} ${(n === 1 ? englishText(resource.label.one) : englishText(resource.label.many)).toLowerCase()}`;

export function registerImportRoute(app: FastifyInstance, resource: AnyDataResource, route: DeclaredRoute, access: readonly Role[], options: ImportOptions): void {
  const { store } = options;
  const tags = [englishText(resource.label.many)];
  const config = { access };
  const many = englishText(resource.label.many).toLowerCase();

  if (route.kind === "import-template") {
    app.get(
      route.url,
      {
        config,
        schema: {
          tags,
          summary: `The ${englishText(resource.label.one).toLowerCase()} import's template`,
          description: "The fields' labels as headers (file fields left out), one example row, and the allowed values (CSV: a Notes column the import ignores; XLSX: a second sheet).",
          querystring: importTemplateQuerySchema,
          response: templateResponse,
        },
      },
      async (request, reply) => {
        const { format } = request.query as { format: "csv" | "xlsx" };
        const bytes = format === "xlsx" ? await declaredTemplateXlsx(store, resource) : await declaredTemplateCsv(store, resource);
        return sendSpreadsheet(reply, `${resource.name}-import-template.${format}`, format, bytes);
      },
    );
    return;
  }

  const unique = uniqueFieldNames(resource).map((name) => englishText(resource.fields[name].label));
  const duplicates = unique.length > 0 ? `a row whose ${unique.join(" or ")} is stored, or on an earlier row, is a duplicate` : "nothing is a duplicate (no field is unique)";
  app.post(
    route.url,
    {
      config,
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags,
        summary: `Import ${many} from a CSV or XLSX file`,
        description: `Columns are matched to the fields by label or name; every row is checked with the create form's rules, a reference by its record's title; ${duplicates}. A dry run (the default) writes nothing; \`dryRun=false\` writes the new rows in batches, each with a history entry naming the file (docs/resources.md "Import"). \`failedRows=csv|xlsx\` answers, instead of the report, the failed rows with an Errors column (a dry run only). Row numbers are the file's: the header is row 1.`,
        querystring: importQuerySchema,
        body: importBody,
        response: importResponse,
      },
    },
    async (request, reply) => {
      const query = request.query as ImportQuery;
      const { dryRun, failedRows } = query;
      assertFailedRowsOfDryRun(query);
      const user = currentUser(request);
      const scope = scopeOf(resource, ["import"], user);
      const upload = await readImportUpload(request, options.importMaxBytes);
      const { sheet } = await readSheet(upload.bytes, options.importMaxRows);
      const plan = await planDeclaredImport(store, resource, sheet, scope);
      if (failedRows) return sendSpreadsheet(reply, failedRowsName(upload.fileName, failedRows), failedRows, failedRowsFile(failedRows, sheet.header, plan.failedRows));
      if (dryRun) return ok(plan.report, "Dry run: nothing was written");
      const { created, takenMeanwhile } = await commitDeclaredImport(store, resource, plan.fresh, user, upload.fileName);
      return ok({ ...plan.report, created, duplicates: plan.report.duplicates + takenMeanwhile }, `${counted(created, resource)} imported`);
    },
  );
}

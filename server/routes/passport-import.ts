/**
 * Passports from a spreadsheet (issue 27, docs/import.md), for admins and super admins: the template,
 * and the import of a CSV or XLSX file (a dry run unless `dryRun=false`), answering its report or, with
 * `failedRows`, the file of its failed rows.
 */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PATHS, importQuerySchema, importTemplateQuerySchema } from "../../src/contract";
import { currentUser } from "../auth/access";
import type { RouteModule } from "../context";
import { ok } from "../http/envelope";
import { bodyReadByHandler } from "../http/validate";
import { failedRowsFile, failedRowsName } from "../import/failed-rows";
import { readSheet } from "../import/read-sheet";
import { assertFailedRowsOfDryRun, importBody, importResponse, sendSpreadsheet, templateResponse } from "../import/route-parts";
import { readImportUpload } from "../import/upload";
import { commitImport } from "../passports/import/commit";
import { planImport } from "../passports/import/plan";
import { importTemplateCsv, importTemplateXlsx } from "../passports/import/template";

const tags = ["Passports"];
const ADMINS = { access: ["ADMIN", "SUPER_ADMIN"] as const };
const template = {
  summary: "The passport import's template",
  description:
    "The Add Passport fields as headers (the passport tables' titles), one example row, and the allowed values (CSV: a Notes column the import ignores; XLSX: a second sheet).",
  tags,
  querystring: importTemplateQuerySchema,
  response: templateResponse,
};

const importPassports = {
  summary: "Import passports from a CSV or XLSX file",
  description:
    "Every row is checked with the Add Passport rules; a row whose passport number is stored, or on an earlier row, is a duplicate. A dry run (the default) writes nothing; `dryRun=false` writes the new rows, PENDING, in batches (docs/import.md). `failedRows=csv|xlsx` answers, instead of the report, the failed rows with an Errors column (a dry run only). Row numbers are the file's: the header is row 1.",
  tags,
  querystring: importQuerySchema,
  body: importBody,
  response: importResponse,
};

export const passportImportRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(PATHS.passportImportTemplate, { config: ADMINS, schema: template }, async (request, reply) => {
    const { format } = request.query;
    const bytes = format === "xlsx" ? await importTemplateXlsx(ctx.db) : await importTemplateCsv(ctx.db);
    return sendSpreadsheet(reply, `passport-import-template.${format}`, format, bytes);
  });

  app.post(PATHS.passportImport, { config: ADMINS, schema: importPassports, validatorCompiler: bodyReadByHandler }, async (request, reply) => {
    const { dryRun, failedRows } = request.query;
    assertFailedRowsOfDryRun(request.query);
    const upload = await readImportUpload(request, ctx.limits.importMaxBytes);
    const { sheet } = await readSheet(upload.bytes, ctx.limits.importMaxRows);
    const plan = await planImport(ctx.db, sheet);
    if (failedRows) return sendSpreadsheet(reply, failedRowsName(upload.fileName, failedRows), failedRows, failedRowsFile(failedRows, sheet.header, plan.failedRows));
    if (dryRun) return ok(plan.report, "Dry run: nothing was written");
    const { created, takenMeanwhile } = await commitImport(ctx.db, ctx.live, plan.fresh, currentUser(request).id, upload.fileName);
    const report = { ...plan.report, created, duplicates: plan.report.duplicates + takenMeanwhile };
    return ok(report, `${created} passport${created === 1 ? "" : "s"} imported`);
  });
};

/**
 * Passports from a spreadsheet (issue 27, docs/import.md), for admins and super admins: the template,
 * and the import of a CSV or XLSX file (a dry run unless `dryRun=false`), answering its report or, with
 * `failedRows`, the file of its failed rows.
 */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PATHS, importQuerySchema, importTemplateQuerySchema } from "../../src/contract";
import { envelopeOf, importReportSchema } from "../../src/contract/replies";
import { currentUser } from "../auth/access";
import type { RouteModule } from "../context";
import { XLSX_CONTENT_TYPE } from "../export/xlsx";
import { ok } from "../http/envelope";
import { badRequest } from "../http/errors";
import { bodyReadByHandler } from "../http/validate";
import { failedRowsFile, failedRowsName } from "../import/failed-rows";
import { readSheet } from "../import/read-sheet";
import { readImportUpload } from "../import/upload";
import { commitImport } from "../passports/import/commit";
import { planImport } from "../passports/import/plan";
import { importTemplateCsv, importTemplateXlsx } from "../passports/import/template";
import { attachmentDisposition } from "../http/file-names";

const tags = ["Passports"];
const ADMINS = { access: ["ADMIN", "SUPER_ADMIN"] as const };
const spreadsheet = {
  "text/csv": { schema: z.string().meta({ description: "CSV, UTF-8 with a BOM" }) },
  [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: "binary", description: "An Excel workbook" }) },
};

const template = {
  summary: "The passport import's template",
  description:
    "The Add Passport fields as headers (the passport tables' titles), one example row, and the allowed values (CSV: a Notes column the import ignores; XLSX: a second sheet).",
  tags,
  querystring: importTemplateQuerySchema,
  response: { 200: { description: "The template, as an attachment", content: spreadsheet } },
};

const importPassports = {
  summary: "Import passports from a CSV or XLSX file",
  description:
    "Every row is checked with the Add Passport rules; a row whose passport number is stored, or on an earlier row, is a duplicate. A dry run (the default) writes nothing; `dryRun=false` writes the new rows, PENDING, in batches (docs/import.md). `failedRows=csv|xlsx` answers, instead of the report, the failed rows with an Errors column (a dry run only). Row numbers are the file's: the header is row 1.",
  tags,
  querystring: importQuerySchema,
  body: {
    content: {
      "multipart/form-data": {
        schema: z.object({ file: z.file().meta({ description: "The spreadsheet: CSV (UTF-8; Windows-1252 is read too) or XLSX, at most MAX_IMPORT_MB" }) }),
      },
    },
  },
  response: {
    200: {
      description: "The report, or with failedRows the failed rows' file",
      content: { "application/json": { schema: envelopeOf(importReportSchema) }, ...spreadsheet },
    },
  },
};

export const passportImportRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(PATHS.passportImportTemplate, { config: ADMINS, schema: template }, async (request, reply) => {
    const { format } = request.query;
    const bytes = format === "xlsx" ? await importTemplateXlsx(ctx.db) : await importTemplateCsv(ctx.db);
    return reply
      .header("content-type", format === "xlsx" ? XLSX_CONTENT_TYPE : "text/csv; charset=utf-8")
      .header("content-disposition", attachmentDisposition(`passport-import-template.${format}`))
      .send(bytes as never); // a file is sent as it is, not serialised
  });

  app.post(PATHS.passportImport, { config: ADMINS, schema: importPassports, validatorCompiler: bodyReadByHandler }, async (request, reply) => {
    const { dryRun, failedRows } = request.query;
    if (failedRows && !dryRun) {
      const message = "failedRows answers a dry run's failed rows: leave dryRun out, or set it to true";
      throw badRequest(message, { failedRows: message });
    }
    const upload = await readImportUpload(request, ctx.limits.importMaxBytes);
    const { sheet } = await readSheet(upload.bytes, ctx.limits.importMaxRows);
    const plan = await planImport(ctx.db, sheet);
    if (failedRows) {
      const file = failedRowsFile(failedRows, sheet.header, plan.failedRows);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", attachmentDisposition(failedRowsName(upload.fileName, failedRows)))
        .send(file.body as never);
    }
    if (dryRun) return ok(plan.report, "Dry run: nothing was written");
    const { created, takenMeanwhile } = await commitImport(ctx.db, plan.fresh, currentUser(request).id, upload.fileName);
    const report = { ...plan.report, created, duplicates: plan.report.duplicates + takenMeanwhile };
    return ok(report, `${created} passport${created === 1 ? "" : "s"} imported`);
  });
};

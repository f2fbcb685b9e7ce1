/**
 * What every import's routes share (the passports', each declared resource's): the OpenAPI shapes of
 * the template's and the import's replies and of the upload, the rule that failed rows come of a dry
 * run, and a spreadsheet sent as an attachment.
 */
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { ImportQuery } from "../../src/contract";
import { envelopeOf, importReportSchema } from "../../src/contract/replies";
import { XLSX_CONTENT_TYPE } from "../export/xlsx";
import { badRequest } from "../http/errors";
import { attachmentDisposition } from "../http/file-names";

const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const spreadsheet = {
  "text/csv": { schema: z.string().meta({ description: "CSV, UTF-8 with a BOM" }) },
  [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: "binary", description: "An Excel workbook" }) },
};

export const templateResponse = { 200: { description: "The template, as an attachment", content: spreadsheet } };

export const importBody = {
  content: {
    "multipart/form-data": {
      schema: z.object({ file: z.file().meta({ description: "The spreadsheet: CSV (UTF-8; Windows-1252 is read too) or XLSX, at most MAX_IMPORT_MB" }) }),
    },
  },
};

export const importResponse = {
  200: {
    description: "The report, or with failedRows the failed rows' file",
    content: { "application/json": { schema: envelopeOf(importReportSchema) }, ...spreadsheet },
  },
};

/** `failedRows` answers a dry run's failed rows: with `dryRun=false` it is a 400. */
export function assertFailedRowsOfDryRun({ dryRun, failedRows }: ImportQuery): void {
  if (!failedRows || dryRun) return;
  const message = "failedRows answers a dry run's failed rows: leave dryRun out, or set it to true";
  throw badRequest(message, { failedRows: message });
}

/** A spreadsheet (a template, a failed-rows file) as an attachment named `fileName`, sent as it is. */
export function sendSpreadsheet(reply: FastifyReply, fileName: string, format: "csv" | "xlsx", body: unknown): FastifyReply {
  return reply
    .header("content-type", format === "xlsx" ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE)
    .header("content-disposition", attachmentDisposition(fileName))
    .send(body as never);
}

/**
 * A passport list's file (issue 27; docs/api.md "Export"): every passport the list's scope and filters
 * select, in the list's order, read a batch at a time, in the columns asked for (else the list's own),
 * named by the list and the day.
 */
import type { FastifyReply } from "fastify";
import type { ExportFormat, PassportListQuery } from "../../src/contract";
import { FULL_PASSPORT_COLUMNS, PROGRESS_COLUMNS, type PassportColumnId } from "../../src/resources/passport-columns";
import type { AppContext } from "../context";
import { passportColumnsOf, passportExportColumns, passportRows } from "../export/passport-cells";
import { assertFitsXlsx, sendExport } from "../export/send";
import { type ListScope, countListUpTo, passportBatches } from "../passports/list";

/** What a passport list says of its file. */
export interface PassportListFile {
  /** The statuses the list holds; all when absent. */
  statuses?: readonly string[];
  /** Its file's name (before the day); by default named by the statuses it holds ("pending-passports"). */
  file?: string;
  /** The columns of its file unless `columns=` says; by default the Pending table's, and the progress beyond PENDING. */
  columns?: readonly PassportColumnId[];
}

/** A list's statuses once its isSuperAdminApproved filter applies; undefined: every status. */
function statusesOf(list: PassportListFile, query: PassportListQuery): readonly string[] | undefined {
  const wanted = query.isSuperAdminApproved?.toUpperCase();
  if (wanted === undefined) return list.statuses;
  return list.statuses ? list.statuses.filter((s) => s === wanted) : [wanted];
}

/** "pending-passports", "pending-and-reviewed-passports", "passports" (every status), or the list's own. */
function fileOf(list: PassportListFile, query: PassportListQuery): string {
  if (list.file) return list.file;
  const statuses = statusesOf(list, query);
  return statuses?.length ? `${statuses.map((s) => s.toLowerCase()).join("-and-")}-passports` : "passports";
}

/** The worksheet's name: "pending-passports" → "Pending Passports". */
const sheetOf = (file: string) => file.split("-").map((word) => (word === "and" ? word : word[0].toUpperCase() + word.slice(1))).join(" ");

function defaultColumns(list: PassportListFile, query: PassportListQuery): readonly PassportColumnId[] {
  if (list.columns) return list.columns;
  const pendingOnly = statusesOf(list, query)?.every((s) => s === "PENDING") ?? false;
  return pendingOnly ? FULL_PASSPORT_COLUMNS : [...FULL_PASSPORT_COLUMNS, ...PROGRESS_COLUMNS];
}

export async function sendPassportListFile(
  ctx: AppContext,
  reply: FastifyReply,
  list: PassportListFile,
  query: PassportListQuery & { format: ExportFormat; columns?: string[] },
  scope: ListScope,
): Promise<FastifyReply> {
  const columns = passportColumnsOf(query.columns, defaultColumns(list, query)) as PassportColumnId[];
  const max = ctx.limits.exportXlsxMaxRows;
  if (query.format === "xlsx") assertFitsXlsx(await countListUpTo(ctx.db, scope, query, max + 1), max, true);
  const file = fileOf(list, query);
  const rows = passportRows(columns, passportBatches(ctx.db, scope, query));
  return sendExport(reply, { format: query.format, name: file, sheet: sheetOf(file), columns: passportExportColumns(columns), rows, now: ctx.clock() });
}

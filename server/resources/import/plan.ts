/**
 * What an import of a sheet into a declared resource would do, row by row, written nowhere: the
 * columns matched to the fields by name or label, each row's cells read as its fields (cells.ts), a
 * reference by its record's title, then checked by the declaration's create schema (the forms' rules
 * and messages); a row whose unique field's value is stored already, or on an earlier row, is a
 * duplicate and left out. The dry run answers this; the import writes the new rows (commit.ts).
 */
import { englishText, localText } from "../../../src/i18n/local-text";
import type { z } from "zod";
import type { importIssueSchema, importReportSchema } from "../../../src/contract/replies";
import { type AnyDataResource, type Field, recordSchema } from "../../../src/resources/model";
import type { FailedRow } from "../../import/failed-rows";
import { type ImportField, columnName, matchHeader } from "../../import/header-match";
import { type Sheet, cellText } from "../../import/sheet";
import { badRequest } from "../../http/errors";
import type { Scope } from "../access";
import type { ResourceStore } from "../store";
import { valueTaken } from "../unique-values";
import { cellValue } from "./cells";
import { idsByTitle, referenceTarget, storedValues, valueKey } from "./lookups";

type ImportIssue = z.output<typeof importIssueSchema>;
type ImportReport = z.output<typeof importReportSchema>;

export interface PlannedRecord {
  row: number;
  /** The record's values as the create schema gave them. */
  values: Record<string, unknown>;
}

export interface DeclaredImportPlan {
  report: ImportReport;
  /** The records to write, in file order. */
  fresh: PlannedRecord[];
  failedRows: FailedRow[];
}

/** The fields an import fills: every one but files, which a spreadsheet cannot hold. */
export const importedFields = (resource: AnyDataResource): [string, Field][] => Object.entries(resource.fields).filter(([, f]) => f.kind !== "file");

export const uniqueFieldNames = (resource: AnyDataResource) => importedFields(resource).filter(([, f]) => f.unique).map(([name]) => name);

/** A column is named by its field's English label (the template's), its Bengali one, or its name. */
const importFieldsOf = (resource: AnyDataResource): ImportField[] =>
  importedFields(resource).map(([key, f]) => {
    const label = englishText(f.label);
    const bengali = localText(f.label, "bn");
    return { key, label, aliases: bengali === label ? [] : [bengali] };
  });

/** The records each reference column's titles name, per field, by the title's key. */
async function referencedIds(store: ResourceStore, resource: AnyDataResource, sheet: Sheet, indexOf: Map<string, number>) {
  const found = new Map<string, Map<string, number[]>>();
  for (const [name, field] of importedFields(resource)) {
    const index = indexOf.get(name);
    if (field.kind !== "reference" || index === undefined) continue;
    const titles = sheet.rows.map((r) => cellText(r.cells[index]).trim()).filter((t) => t !== "");
    found.set(name, await idsByTitle(store.db, referenceTarget(store.resources, field.to), titles));
  }
  return found;
}

export async function planDeclaredImport(store: ResourceStore, resource: AnyDataResource, sheet: Sheet, scope: Scope): Promise<DeclaredImportPlan> {
  const fields = importedFields(resource);
  const { columns, indexOf } = matchHeader(sheet.header, importFieldsOf(resource));
  if (indexOf.size === 0) {
    const some = fields.slice(0, 4).map(([, f]) => englishText(f.label)).join(", ");
    throw badRequest(`No column of the file is a field of ${englishText(resource.label.many)}: row 1 must hold headers such as ${some} (download the template)`);
  }
  const columnOf = (name: string) => {
    const index = indexOf.get(name);
    return index === undefined ? englishText(resource.fields[name]?.label ?? name) : columnName(sheet.header, index);
  };
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = sheet.notes.map((message) => ({ row: 1, column: "", message }));
  const ownerFilled = !scope.all && resource.ownerField !== undefined;
  for (const [name, field] of fields) {
    const needed = field.required && field.kind !== "boolean" && !(ownerFilled && name === resource.ownerField);
    if (needed && !indexOf.has(name)) errors.push({ row: 1, column: englishText(field.label), message: `No column for ${englishText(field.label)}: add one headed "${englishText(field.label)}"` });
  }

  const references = await referencedIds(store, resource, sheet, indexOf);
  const targets = new Map(fields.flatMap(([name, f]) => (f.kind === "reference" ? [[name, referenceTarget(store.resources, f.to)] as const] : [])));
  const schema = recordSchema(resource, "create");
  const failedRows: FailedRow[] = [];
  const candidates: PlannedRecord[] = [];
  for (const { row, cells } of sheet.rows) {
    const rowErrors: { field: string; message: string }[] = [];
    const fail = (field: string, message: string) => {
      if (!rowErrors.some((e) => e.field === field)) rowErrors.push({ field, message });
    };
    const values: Record<string, unknown> = {};
    for (const [name, field] of fields) {
      const index = indexOf.get(name);
      if (index === undefined) continue;
      const value = cellValue(field, cells[index]);
      if (field.kind !== "reference" || value === undefined) {
        values[name] = value;
        continue;
      }
      const target = targets.get(name)!;
      const ids = references.get(name)?.get(valueKey(target.titleField, value)) ?? [];
      if (ids.length === 1) values[name] = ids[0];
      else fail(name, ids.length === 0 ? `No ${target.one} is named "${value}"` : `${ids.length} ${target.one} records are named "${value}": a reference must name one`);
    }
    // As the API's create: an own-only importer owns what they import, and may give it to nobody else.
    if (ownerFilled) {
      const owner = resource.ownerField!;
      if (values[owner] === undefined && !rowErrors.some((e) => e.field === owner)) values[owner] = scope.userId;
      else if (values[owner] !== scope.userId) fail(owner, `You may only give ${englishText(resource.label.many).toLowerCase()} to yourself`);
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? ""), issue.message);
    if (rowErrors.length > 0 || !parsed.success) {
      const issues = rowErrors.map((e) => ({ row, column: e.field === "" ? "" : columnOf(e.field), message: e.message }));
      errors.push(...issues);
      failedRows.push({ cells, errors: issues.map((i) => (i.column ? `${i.column}: ${i.message}` : i.message)) });
      continue;
    }
    candidates.push({ row, values: parsed.data });
  }

  const { fresh, duplicates } = await withoutDuplicates(store, resource, candidates, columnOf, warnings);
  return {
    report: { total: sheet.rows.length, created: fresh.length, duplicates: duplicates.length, failed: failedRows.length, errors, warnings, columns },
    fresh,
    failedRows,
  };
}

/**
 * Rows whose unique value is stored, or held by an earlier row of the file, left out with a warning
 * naming the field (its `messages.unique`, or the earlier row). A declaration without a unique field
 * has no duplicates: every valid row is new.
 */
async function withoutDuplicates(
  store: ResourceStore,
  resource: AnyDataResource,
  candidates: readonly PlannedRecord[],
  columnOf: (name: string) => string,
  warnings: ImportIssue[],
): Promise<{ fresh: PlannedRecord[]; duplicates: PlannedRecord[] }> {
  const unique = uniqueFieldNames(resource);
  const stored = new Map<string, Set<string>>();
  for (const name of unique) stored.set(name, await storedValues(store.db, resource, name, candidates.map((c) => c.values[name])));
  const firstRowOf = new Map(unique.map((name) => [name, new Map<string, number>()]));
  const fresh: PlannedRecord[] = [];
  const duplicates: PlannedRecord[] = [];
  for (const candidate of candidates) {
    const duplicateOf = unique.flatMap((name) => {
      const value = candidate.values[name];
      if (value === null || value === undefined) return [];
      const field = resource.fields[name];
      const key = valueKey(field, value);
      if (stored.get(name)!.has(key)) return [{ name, message: `${valueTaken(resource, name, value).message}: left out` }];
      const earlier = firstRowOf.get(name)!.get(key);
      return earlier === undefined ? [] : [{ name, message: `The same ${englishText(field.label)} as row ${earlier}: left out` }];
    })[0];
    if (duplicateOf) {
      duplicates.push(candidate);
      warnings.push({ row: candidate.row, column: columnOf(duplicateOf.name), message: duplicateOf.message });
      continue;
    }
    for (const name of unique) {
      const value = candidate.values[name];
      if (value !== null && value !== undefined) firstRowOf.get(name)!.set(valueKey(resource.fields[name], value), candidate.row);
    }
    fresh.push(candidate);
  }
  return { fresh, duplicates };
}

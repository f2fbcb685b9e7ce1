/**
 * What an import of a sheet would do, row by row, written nowhere: each row checked (row-check.ts),
 * its agent and slot found, and a row whose passport number is stored already, or taken by an earlier
 * row of the file, counted a duplicate and left out. The dry run answers this; the import writes its
 * new rows (commit.ts).
 */
import type { Kysely } from "kysely";
import { type ImportIssue, type ImportReport, MSG } from "../../../src/contract";
import type { DB } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { FailedRow } from "../../import/failed-rows";
import { columnName, matchHeader } from "../../import/header-match";
import type { Sheet } from "../../import/sheet";
import { PASSPORT_IMPORT_FIELDS, type PassportImportKey, REQUIRED_KEYS } from "./fields";
import { agentsByUsername, slotsByName, storedPassportNumbers } from "./lookups";
import { type CheckedRow, type ImportRowInput, checkRow } from "./row-check";

export interface PlannedPassport {
  row: number;
  input: ImportRowInput;
  agent: { id: number; username: string };
  slot: { id: number; slot_name: string };
}

export interface ImportPlan {
  report: ImportReport;
  /** The rows to write, in file order. */
  fresh: PlannedPassport[];
  failedRows: FailedRow[];
}

const LABELS = Object.fromEntries(PASSPORT_IMPORT_FIELDS.map((f) => [f.key, f.label])) as Record<PassportImportKey, string>;

export const numberKey = (passportNo: string) => passportNo.toUpperCase();

export async function planImport(db: Kysely<DB>, sheet: Sheet): Promise<ImportPlan> {
  const { columns, indexOf } = matchHeader(sheet.header, PASSPORT_IMPORT_FIELDS);
  if (indexOf.size === 0) {
    throw badRequest(
      `No column of the file is a passport field: row 1 must hold headers such as ${REQUIRED_KEYS.slice(0, 4).map((k) => LABELS[k]).join(", ")}… (download the template)`,
    );
  }
  const columnOf = (field: PassportImportKey) => {
    const index = indexOf.get(field);
    return index === undefined ? LABELS[field] : columnName(sheet.header, index);
  };
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = sheet.notes.map((message) => ({ row: 1, column: "", message }));
  for (const key of REQUIRED_KEYS) {
    if (!indexOf.has(key)) errors.push({ row: 1, column: LABELS[key], message: `No column for ${LABELS[key]}: add one headed "${LABELS[key]}"` });
  }

  const checked = sheet.rows.map((r) => ({ ...r, ...checkRow((key) => (indexOf.has(key) ? r.cells[indexOf.get(key)!] : undefined)) }));
  const named = (key: "agentName" | "slot") => checked.flatMap((r) => (r.input ? [r.input[key]] : []));
  const [agents, slots] = await Promise.all([agentsByUsername(db, named("agentName")), slotsByName(db, named("slot"))]);

  const failedRows: FailedRow[] = [];
  const candidates: PlannedPassport[] = [];
  for (const row of checked) {
    const rowErrors: CheckedRow["errors"] = [...row.errors];
    const agent = row.input && agents.get(row.input.agentName.toLowerCase());
    const slot = row.input && slots.get(row.input.slot.toLowerCase());
    if (row.input && !agent) rowErrors.push({ field: "agentName", message: `No agent has the username "${row.input.agentName}"` });
    if (row.input && !slot) rowErrors.push({ field: "slot", message: `No slot is named "${row.input.slot}"` });
    for (const w of row.warnings) warnings.push({ row: row.row, column: columnOf(w.field), message: w.message });
    if (rowErrors.length > 0 || !row.input || !agent || !slot) {
      const issues = rowErrors.map((e) => ({ row: row.row, column: columnOf(e.field), message: e.message }));
      errors.push(...issues);
      failedRows.push({ cells: row.cells, errors: issues.map((i) => `${i.column}: ${i.message}`) });
      continue;
    }
    candidates.push({ row: row.row, input: row.input, agent, slot });
  }

  const firstRowOf = new Map<string, number>();
  const stored = await storedPassportNumbers(db, candidates.map((c) => numberKey(c.input.passportNo)));
  const fresh: PlannedPassport[] = [];
  let duplicates = 0;
  for (const candidate of candidates) {
    const key = numberKey(candidate.input.passportNo);
    const earlier = firstRowOf.get(key);
    const duplicateOf = stored.has(key) ? `${MSG.passportNoTaken}: left out` : earlier ? `The same passport number as row ${earlier}: left out` : undefined;
    if (duplicateOf) {
      duplicates++;
      warnings.push({ row: candidate.row, column: columnOf("passportNo"), message: duplicateOf });
      continue;
    }
    firstRowOf.set(key, candidate.row);
    fresh.push(candidate);
  }
  return {
    report: { total: sheet.rows.length, created: fresh.length, duplicates, failed: failedRows.length, errors, warnings, columns },
    fresh,
    failedRows,
  };
}

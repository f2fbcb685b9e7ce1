/**
 * A declared resource's import template: its fields' labels as headers (files left out: a spreadsheet
 * cannot hold them), one example row made from the fields' kinds and rules, and the allowed values: in
 * a CSV a "Notes" column beside the example (the import ignores it), in an XLSX a second sheet
 * "Allowed values", which the first sheet's cells offer as drop-down lists.
 */
import { englishText } from "../../../src/i18n/local-text";
import { stringify } from "csv-stringify/sync";
import dayjs from "dayjs";
import ExcelJS from "exceljs";
import { sql, type Kysely } from "kysely";
import { type AnyDataResource, DEFAULT_LONG_TEXT_MAX, DEFAULT_TEXT_MAX, type Field } from "../../../src/resources/model";
import { neutralise } from "../../export/csv";
import type { ResourceStore } from "../store";
import { type ReferenceTarget, referenceTarget } from "./lookups";
import { importedFields, uniqueFieldNames } from "./plan";

/** Titles listed in the CSV's note; the XLSX sheet lists up to LISTED_TITLES. */
const NOTE_NAMES = 30;
const LISTED_TITLES = 5_000;

const clamp = (value: number, min = -Infinity, max = Infinity) => Math.min(max, Math.max(min, value));
const optionLabel = (field: Extract<Field, { kind: "enum" }>, value: string) => englishText(field.labels?.[value] ?? value);

/** Up to `limit` titles of the records a reference may name, in order. */
async function titlesOf(db: Kysely<any>, target: ReferenceTarget, limit: number): Promise<string[]> {
  const rows = await db.selectFrom(target.table).select(sql<string>`${sql.ref(target.column)}`.as("title")).orderBy(target.column).limit(limit).execute();
  return [...new Set(rows.map((r: { title: unknown }) => String(r.title ?? "")).filter((t) => t !== ""))];
}

interface TemplateColumn {
  name: string;
  field: Field;
  /** The example's value: a date as YYYY-MM-DD (a date cell in XLSX), the rest as written. */
  example: string | number;
  /** The values a cell may hold, when a list says it (enums, booleans, references). */
  allowed?: readonly string[];
  note?: string;
}

async function templateColumns(store: ResourceStore, resource: AnyDataResource, titleLimit: number): Promise<TemplateColumn[]> {
  const today = dayjs(store.clock());
  let dates = 0;
  const columns: TemplateColumn[] = [];
  for (const [name, field] of importedFields(resource)) {
    const example = `Example ${englishText(field.label)}`;
    switch (field.kind) {
      case "text": {
        const value = field.format === "email" ? "name@example.com" : field.format === "phone" ? "01712345678" : example.slice(0, field.max ?? DEFAULT_TEXT_MAX);
        columns.push({ name, field, example: value, note: field.pattern && !field.format ? `${englishText(field.label)}: as the form takes it (${field.pattern})` : undefined });
        break;
      }
      case "longText":
        columns.push({ name, field, example: example.slice(0, field.max ?? DEFAULT_LONG_TEXT_MAX) });
        break;
      case "number":
        columns.push({ name, field, example: clamp(1, field.min, field.max) });
        break;
      case "money":
        columns.push({ name, field, example: clamp(50_000, field.min ?? 0, field.max) });
        break;
      case "date":
        // Later dates for later fields: an issue date before its expiry date.
        columns.push({ name, field, example: today.add(30 * dates++, "day").format("YYYY-MM-DD") });
        break;
      case "dateTime":
        columns.push({ name, field, example: `${today.format("DD/MM/YYYY")} 10:00`, note: `${englishText(field.label)}: DD/MM/YYYY HH:mm (Dhaka time) or ISO 8601` });
        break;
      case "boolean":
        columns.push({ name, field, example: "Yes", allowed: ["Yes", "No"] });
        break;
      case "enum": {
        const allowed = field.values.map((v) => optionLabel(field, v));
        columns.push({ name, field, example: allowed[0], allowed });
        break;
      }
      case "reference": {
        const target = referenceTarget(store.resources, field.to);
        const titles = await titlesOf(store.db as unknown as Kysely<any>, target, titleLimit);
        columns.push({ name, field, example: titles[0] ?? `A ${target.one}'s name`, allowed: titles });
        break;
      }
    }
  }
  return columns;
}

const listed = (names: readonly string[]) =>
  names.length === 0 ? "none yet" : names.slice(0, NOTE_NAMES).join(", ") + (names.length > NOTE_NAMES ? `, …` : "");

function notes(resource: AnyDataResource, columns: readonly TemplateColumn[]): string[] {
  const lines = [`Replace this example row by your ${englishText(resource.label.many).toLowerCase()}, one a row; this Notes column is not imported.`];
  const required = columns.filter((c) => c.field.required && c.field.kind !== "boolean").map((c) => englishText(c.field.label));
  if (required.length > 0) lines.push(`Required: ${required.join(", ")}.`);
  for (const c of columns) {
    if (c.field.kind === "reference") lines.push(`${englishText(c.field.label)}: the name of one of these: ${listed(c.allowed ?? [])}.`);
    else if (c.allowed) lines.push(`${englishText(c.field.label)}: ${c.allowed.join(", ")}.`);
    if (c.note) lines.push(`${c.note}.`);
  }
  if (columns.some((c) => c.field.kind === "date")) lines.push("Dates: DD/MM/YYYY or YYYY-MM-DD.");
  const unique = uniqueFieldNames(resource).map((name) => englishText(resource.fields[name].label));
  lines.push(
    unique.length > 0
      ? `A row whose ${unique.join(" or ")} is stored already, or on an earlier row, is a duplicate and left out.`
      : "Nothing marks a row as a duplicate: every valid row is imported, again if the file is imported again.",
  );
  return lines;
}

const ddmmyyyy = (ymd: string) => ymd.split("-").reverse().join("/");

export async function declaredTemplateCsv(store: ResourceStore, resource: AnyDataResource): Promise<Buffer> {
  const columns = await templateColumns(store, resource, NOTE_NAMES + 1);
  const example = columns.map((c) => (c.field.kind === "date" ? ddmmyyyy(String(c.example)) : String(c.example)));
  const rows = [[...columns.map((c) => englishText(c.field.label)), "Notes"], [...example, notes(resource, columns).join("\n")]];
  return Buffer.from(stringify(rows.map((r) => r.map(neutralise)), { bom: true, record_delimiter: "windows" }));
}

/** A worksheet's name: at most 31 characters, none of \ / ? * [ ] : */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, " ").slice(0, 31);

export async function declaredTemplateXlsx(store: ResourceStore, resource: AnyDataResource): Promise<Buffer> {
  const columns = await templateColumns(store, resource, LISTED_TITLES);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(englishText(resource.label.many)));
  const allowed = workbook.addWorksheet("Allowed values");
  sheet.columns = columns.map((c) => ({
    header: englishText(c.field.label),
    key: c.name,
    width: 22,
    // Text typed as text (a phone keeps its leading 0); dates as date cells, numbers as numbers.
    style: { numFmt: c.field.kind === "date" ? "dd/mm/yyyy" : c.field.kind === "money" || c.field.kind === "number" ? "#,##0" : "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.name, c.field.kind === "date" ? new Date(`${c.example}T00:00:00Z`) : c.example])));

  const lists = columns.filter((c) => c.allowed !== undefined);
  lists.forEach((c, i) => {
    const column = allowed.getColumn(i + 1);
    column.width = 26;
    column.values = [englishText(c.field.label), ...(c.allowed ?? [])];
    if (!c.allowed?.length) return;
    const source = `'Allowed values'!$${column.letter}$2:$${column.letter}$${c.allowed.length + 1}`;
    const target = sheet.getColumn(columns.indexOf(c) + 1).letter;
    for (let row = 2; row <= 1000; row++) {
      sheet.getCell(`${target}${row}`).dataValidation = { type: "list", allowBlank: true, formulae: [source], showErrorMessage: false };
    }
  });
  allowed.getRow(1).font = { bold: true };
  const longest = Math.max(0, ...lists.map((c) => c.allowed?.length ?? 0));
  notes(resource, columns)
    .slice(1)
    .concat("Only the first sheet is imported.")
    .forEach((line, i) => {
      allowed.getCell(`A${longest + 3 + i}`).value = line;
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The import template: the Add Passport fields as headers (the passport tables' titles), one example
 * row, and the allowed values: in a CSV a "Notes" column beside the example (the import ignores it), in
 * an XLSX a second sheet "Allowed values", which the first sheet's cells offer as drop-down lists.
 */
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import type { Kysely } from "kysely";
import { MARITAL_STATUSES, VISA_TYPES } from "../../../src/contract";
import type { DB } from "../../db/schema";
import { neutralise } from "../../export/csv";
import { TEMPLATE_FIELDS } from "./fields";

type TemplateKey = (typeof TEMPLATE_FIELDS)[number]["key"];

/** Names listed in the CSV's note; the XLSX sheet lists them all. */
const NOTE_NAMES = 30;
const DATE_KEYS: readonly TemplateKey[] = ["passportIssueDate", "passportExpireDate", "dob"];

async function allowedNames(db: Kysely<DB>) {
  const [agents, slots] = await Promise.all([
    db
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .innerJoin("roles", "roles.id", "user_roles.role_id")
      .select("users.username")
      .where("roles.name", "=", "AGENT")
      .where("users.disabled_at", "is", null)
      .orderBy("users.username")
      .execute(),
    db.selectFrom("slots").select("slot_name").orderBy("slot_name").execute(),
  ]);
  return { agents: agents.map((a) => a.username), slots: slots.map((s) => s.slot_name) };
}

function exampleRow(agent: string, slot: string): Record<TemplateKey, string | number> {
  return {
    fullName: "Mohammad Rahim Uddin",
    passportNo: "EB1234567",
    fathersName: "Abdul Karim",
    mothersName: "Rahima Begum",
    schooling: "SSC",
    maritalStatus: "Single",
    telephone: "01712345678",
    agentName: agent,
    contractAmount: 400000,
    passportIssueDate: "2022-01-15",
    passportExpireDate: "2032-01-14",
    dob: "1995-05-05",
    visaType: "WORKVISA",
    slot,
  };
}

const listed = (names: readonly string[]) =>
  names.length === 0 ? "none yet" : names.slice(0, NOTE_NAMES).join(", ") + (names.length > NOTE_NAMES ? `, … (${names.length} in all)` : "");

const ddmmyyyy = (ymd: string) => ymd.split("-").reverse().join("/");

export async function importTemplateCsv(db: Kysely<DB>): Promise<Buffer> {
  const { agents, slots } = await allowedNames(db);
  const example = exampleRow(agents[0] ?? "agent-username", slots[0] ?? "slot-name");
  const note = [
    "Replace this example row by your passports, one a row; this Notes column is not imported.",
    `Marital Status: ${MARITAL_STATUSES.join(", ")}.`,
    `Visa Type: ${VISA_TYPES.join(", ")}.`,
    "Dates: DD/MM/YYYY or YYYY-MM-DD. Phone: 01 and nine digits (+880 accepted).",
    `Agent Name: an agent's username: ${listed(agents)}.`,
    `Slot: a slot's name: ${listed(slots)}.`,
  ].join("\n");
  const cells = TEMPLATE_FIELDS.map((f) => {
    const value = example[f.key];
    return DATE_KEYS.includes(f.key) ? ddmmyyyy(String(value)) : String(value);
  });
  const rows = [[...TEMPLATE_FIELDS.map((f) => f.label), "Notes"], [...cells, note]];
  return Buffer.from(stringify(rows.map((r) => r.map(neutralise)), { bom: true, record_delimiter: "windows" }));
}

export async function importTemplateXlsx(db: Kysely<DB>): Promise<Buffer> {
  const { agents, slots } = await allowedNames(db);
  const example = exampleRow(agents[0] ?? "agent-username", slots[0] ?? "slot-name");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Passports");
  const allowed = workbook.addWorksheet("Allowed values");
  sheet.columns = TEMPLATE_FIELDS.map((f) => ({
    header: f.label,
    key: f.key,
    width: 22,
    // Typed as text, so a phone keeps its leading 0; dates as date cells.
    style: { numFmt: DATE_KEYS.includes(f.key) ? "dd/mm/yyyy" : f.key === "contractAmount" ? "#,##0" : "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f.key, DATE_KEYS.includes(f.key) ? new Date(`${example[f.key]}T00:00:00Z`) : example[f.key]])));

  const lists: { title: string; key: TemplateKey; values: readonly string[] }[] = [
    { title: "Marital Status", key: "maritalStatus", values: MARITAL_STATUSES },
    { title: "Visa Type", key: "visaType", values: VISA_TYPES },
    { title: "Agent Name (username)", key: "agentName", values: agents },
    { title: "Slot", key: "slot", values: slots },
  ];
  lists.forEach((list, i) => {
    const column = allowed.getColumn(i + 1);
    column.width = 26;
    column.values = [list.title, ...list.values];
    if (list.values.length === 0) return;
    const letter = column.letter;
    const source = `'Allowed values'!$${letter}$2:$${letter}$${list.values.length + 1}`;
    const target = sheet.getColumn(TEMPLATE_FIELDS.findIndex((f) => f.key === list.key) + 1).letter;
    for (let row = 2; row <= 1000; row++) {
      sheet.getCell(`${target}${row}`).dataValidation = { type: "list", allowBlank: true, formulae: [source], showErrorMessage: false };
    }
  });
  allowed.getRow(1).font = { bold: true };
  allowed.getCell(`A${Math.max(MARITAL_STATUSES.length, VISA_TYPES.length, agents.length, slots.length) + 3}`).value =
    "Dates: date cells, or text DD/MM/YYYY or YYYY-MM-DD. Phone: 01 and nine digits (+880 accepted). Only the first sheet is imported.";
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

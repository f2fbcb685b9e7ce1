/**
 * The columns of a passport import: the Add Passport fields, headed as the passport tables title them
 * (so a list's export reads back), also under the labels of the Add and Edit Passport forms (spec §2)
 * and the contract's names. The agent is its username, the slot its name. NID is read and checked
 * only: a passport record has no NID field (spec §3).
 */
import { PASSPORT_COLUMN_TITLES as TITLES } from "../../../src/format/passport-cells";
import type { ImportField } from "../../import/header-match";

export const PASSPORT_IMPORT_FIELDS = [
  { key: "fullName", label: TITLES.fullName, aliases: ["Name", "Full Name"] },
  { key: "passportNo", label: TITLES.passportNo, aliases: ["Passport Number", "Passport No"] },
  { key: "fathersName", label: TITLES.fathersName, aliases: ["Father Name", "Father's Name"] },
  { key: "mothersName", label: TITLES.mothersName, aliases: ["Mother Name", "Mother's Name"] },
  { key: "schooling", label: TITLES.schooling, aliases: ["Education"] },
  { key: "maritalStatus", label: TITLES.maritalStatus, aliases: [] },
  { key: "telephone", label: TITLES.telephone, aliases: ["Telephone", "Phone Number", "Mobile", "Mobile Number"] },
  { key: "agentName", label: TITLES.agentName, aliases: ["Agent", "Agent Username", "Agent Name"] },
  { key: "contractAmount", label: TITLES.contractAmount, aliases: ["Contract Amount", "Contract Amount (BDT)"] },
  { key: "passportIssueDate", label: TITLES.passportIssueDate, aliases: ["Issue Date"] },
  { key: "passportExpireDate", label: TITLES.passportExpireDate, aliases: ["Passport Expiry Date", "Expiry Date", "Expire Date"] },
  { key: "dob", label: TITLES.dob, aliases: ["DOB", "Birth Date"] },
  { key: "visaType", label: TITLES.visaType, aliases: [] },
  { key: "slot", label: TITLES.slot, aliases: ["Slot Number", "Slot No", "Slot Name"] },
  { key: "nid", label: "NID", aliases: ["NID No", "NID Number", "nidNo", "National ID"] },
] as const satisfies readonly ImportField[];

export type PassportImportKey = (typeof PASSPORT_IMPORT_FIELDS)[number]["key"];

/** What the template writes: every field but NID, which nothing stores. */
export const TEMPLATE_FIELDS = PASSPORT_IMPORT_FIELDS.filter((f) => f.key !== "nid");

/** Fields a row cannot go without (the Add Passport form's required ones). */
export const REQUIRED_KEYS: readonly PassportImportKey[] = TEMPLATE_FIELDS.map((f) => f.key);

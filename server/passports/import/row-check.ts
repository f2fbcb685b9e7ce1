/**
 * One row of a passport import checked alone: the Add Passport rules and messages (spec §5, the
 * contract's passportFieldsSchema, the agent by username instead of id) and the domain checks. The
 * agent, the slot and duplicates need the database and the other rows: plan.ts checks those.
 */
import { z } from "zod";
import { MARITAL_STATUSES, MAX_USERNAME, MSG, VISA_TYPES, passportFieldsSchema, typedText, withPassportDatesInOrder } from "../../../src/contract";
import type { Cell } from "../../import/sheet";
import { amountValue, dateValue, maritalStatusValue, phoneValue, textValue, visaTypeValue } from "./cell-values";
import { nidProblem, passportNoWarning, phoneProblem } from "./domain-checks";
import type { PassportImportKey } from "./fields";

const importRowSchema = withPassportDatesInOrder(
  passportFieldsSchema.omit({ agentId: true }).extend({ agentName: typedText(1, MSG.agentId, MAX_USERNAME) }),
);
export type ImportRowInput = z.output<typeof importRowSchema>;

export interface RowIssue {
  field: PassportImportKey;
  message: string;
}

export interface CheckedRow {
  input?: ImportRowInput;
  errors: RowIssue[];
  warnings: RowIssue[];
}

const ONE_OF: Partial<Record<PassportImportKey, string>> = {
  maritalStatus: `Must be one of ${MARITAL_STATUSES.join(", ")}`,
  visaType: `Must be one of ${VISA_TYPES.join(", ")}`,
};

/** `cellOf(key)`: the row's cell of that field (undefined when the file has no such column). */
export function checkRow(cellOf: (key: PassportImportKey) => Cell | undefined): CheckedRow {
  const values = {
    fullName: textValue(cellOf("fullName")),
    passportNo: textValue(cellOf("passportNo")),
    fathersName: textValue(cellOf("fathersName")),
    mothersName: textValue(cellOf("mothersName")),
    schooling: textValue(cellOf("schooling")),
    maritalStatus: maritalStatusValue(cellOf("maritalStatus")),
    telephone: phoneValue(cellOf("telephone")),
    agentName: textValue(cellOf("agentName")),
    contractAmount: amountValue(cellOf("contractAmount")),
    passportIssueDate: dateValue(cellOf("passportIssueDate")),
    passportExpireDate: dateValue(cellOf("passportExpireDate")),
    dob: dateValue(cellOf("dob")),
    visaType: visaTypeValue(cellOf("visaType")),
    slot: textValue(cellOf("slot")),
  };
  const errors: RowIssue[] = [];
  const warnings: RowIssue[] = [];
  const fail = (field: PassportImportKey, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  const parsed = importRowSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as PassportImportKey;
      // The spec's "Required" says nothing of a value that is there but not one of the list.
      fail(field, ONE_OF[field] && values[field as keyof typeof values] !== undefined ? ONE_OF[field] : issue.message);
    }
  }
  const phoneIssue = values.telephone === undefined ? undefined : phoneProblem(values.telephone);
  if (phoneIssue) fail("telephone", phoneIssue);
  const nid = textValue(cellOf("nid"))?.trim();
  const nidIssue = nid ? nidProblem(nid, values.dob) : undefined;
  if (nidIssue) fail("nid", nidIssue);
  const numberWarning = parsed.success ? passportNoWarning(parsed.data.passportNo) : undefined;
  if (numberWarning) warnings.push({ field: "passportNo", message: numberWarning });
  return { input: parsed.success && errors.length === 0 ? parsed.data : undefined, errors, warnings };
}

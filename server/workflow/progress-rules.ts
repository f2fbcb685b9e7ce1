/**
 * The workflow rules of src/contract/workflow.ts applied to a stored passport: each check throws 409
 * with the rule's reason. Called inside the transaction that claimed the row (claim.ts), so the row
 * checked is the row changed.
 */
import {
  type DateField,
  type MilestoneField,
  type ProgressState,
  completeRefusal,
  dateRefusal,
  MILESTONES,
  milestoneRefusal,
} from "../../src/contract";
import { fromDbBool, fromDbDate } from "../db/values";
import { conflict } from "../http/errors";
import { DATE_COLUMNS, MILESTONE_COLUMNS } from "../passports/mapper";
import type { PassportRecord } from "./claim";

export function progressStateOf(row: PassportRecord): ProgressState {
  const state = {} as ProgressState;
  for (const { field } of MILESTONES) state[field] = fromDbBool(row[MILESTONE_COLUMNS[field]]);
  state.visaIssueDate = fromDbDate("date", row[DATE_COLUMNS.visaIssueDate]);
  state.visaExpireDate = fromDbDate("date", row[DATE_COLUMNS.visaExpireDate]);
  state.flightScheduleDate = fromDbDate("timestamp", row[DATE_COLUMNS.flightScheduleDate]);
  return state;
}

function refuseIf(reason: string | undefined): void {
  if (reason !== undefined) throw conflict(reason);
}

export const assertMilestoneAllowed = (row: PassportRecord, field: MilestoneField, done: boolean) =>
  refuseIf(milestoneRefusal(progressStateOf(row), field, done));

export const assertDateAllowed = (row: PassportRecord, field: DateField, value: string | null) =>
  refuseIf(dateRefusal(progressStateOf(row), field, value));

export const assertCompleteAllowed = (row: PassportRecord) => refuseIf(completeRefusal(progressStateOf(row)));

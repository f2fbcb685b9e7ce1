/** Turns a passports row (joined with its slot name) into the contract's Passport record. */
import type { Kysely, Selectable } from "kysely";
import { ageOn, daysUntil, type MaritalStatus, type Passport, type VisaType } from "../../src/contract";
import type { DB, PassportsTable } from "../db/schema";
import { fromDbBool, fromDbTimestamp } from "../db/values";

export type PassportRow = Selectable<PassportsTable> & { slot_name: string };

/** passports joined with the slot name: the base of every passport read. */
export function selectPassports(db: Kysely<DB>) {
  return db
    .selectFrom("passports")
    .innerJoin("slots", "slots.id", "passports.slot_id")
    .selectAll("passports")
    .select("slots.slot_name");
}

export function toPassport(row: PassportRow): Passport {
  return {
    id: row.id,
    fullName: row.full_name,
    passportNo: row.passport_no,
    fathersName: row.fathers_name,
    mothersName: row.mothers_name,
    schooling: row.schooling,
    maritalStatus: row.marital_status as MaritalStatus,
    telephone: row.telephone,
    agentId: row.agent_id,
    agentName: row.agent_name,
    adminId: row.admin_id,
    contractAmount: Number(row.contract_amount),
    passportIssueDate: row.passport_issue_date,
    passportExpireDate: row.passport_expire_date,
    dob: row.dob,
    age: ageOn(row.dob),
    visaType: row.visa_type as VisaType,
    slot: row.slot_name,
    isSuperAdminApproved: row.status,
    commentByAdmin: row.comment_by_admin,
    commentBySuperAdmin: row.comment_by_super_admin,
    isWorkPermitApproved: fromDbBool(row.is_work_permit_approved),
    isGadgetPublished: fromDbBool(row.is_gadget_published),
    isVisaApplied: fromDbBool(row.is_visa_applied),
    isVisaGranted: fromDbBool(row.is_visa_granted),
    isBMETApproved: fromDbBool(row.is_bmet_approved),
    isFlightScheduled: fromDbBool(row.is_flight_scheduled),
    visaIssueDate: row.visa_issue_date,
    visaExpireDate: row.visa_expire_date,
    visaRemainingDays: row.visa_expire_date ? daysUntil(row.visa_expire_date) : null,
    flightScheduleDate: fromDbTimestamp(row.flight_schedule_date, true),
    createdAt: fromDbTimestamp(row.created_at),
    updatedAt: fromDbTimestamp(row.updated_at),
    statusChangedAt: fromDbTimestamp(row.status_changed_at ?? row.created_at),
    commentCount: Number(row.comment_count ?? 0),
  };
}

/** Contract field → passports column, for the fields that map one to one. */
export const MILESTONE_COLUMNS = {
  isWorkPermitApproved: "is_work_permit_approved",
  isGadgetPublished: "is_gadget_published",
  isVisaApplied: "is_visa_applied",
  isVisaGranted: "is_visa_granted",
  isBMETApproved: "is_bmet_approved",
  isFlightScheduled: "is_flight_scheduled",
} as const;

export const DATE_COLUMNS = {
  visaIssueDate: "visa_issue_date",
  visaExpireDate: "visa_expire_date",
  flightScheduleDate: "flight_schedule_date",
} as const;

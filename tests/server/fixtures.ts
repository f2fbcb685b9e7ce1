/** Arranges passports and slots straight in the database, for tests that start mid-workflow. */
import type { Insertable } from "kysely";
import type { PassportStatus } from "../../src/contract";
import type { PassportsTable } from "../../server/db/schema";
import type { TestApp } from "./harness";

let counter = 0;

export async function createSlot(t: TestApp, slotName = `SLOT-${++counter}`): Promise<{ id: number; slotName: string }> {
  const row = await t.db.insertInto("slots").values({ slot_name: slotName }).returning(["id", "slot_name"]).executeTakeFirstOrThrow();
  return { id: row.id, slotName: row.slot_name };
}

export interface PassportFixture {
  agentId: number;
  agentName?: string;
  slotId: number;
  status?: PassportStatus;
  fullName?: string;
  passportNo?: string;
  telephone?: string;
  visaType?: string;
  adminId?: number | null;
  /** Any other columns (milestones, dates...). */
  set?: Partial<Insertable<PassportsTable>>;
}

/** Every milestone Done with the visa and flight dates set: what "Mark as Done" waits for. */
export const READY_TO_COMPLETE = {
  is_work_permit_approved: 1,
  is_gadget_published: 1,
  is_visa_applied: 1,
  is_visa_granted: 1,
  is_bmet_approved: 1,
  is_flight_scheduled: 1,
  visa_issue_date: "2026-01-15",
  visa_expire_date: "2027-01-14",
  flight_schedule_date: "2026-03-01T04:30:00.000Z",
} satisfies Partial<Insertable<PassportsTable>>;

/** Inserts a passport row and answers its id. */
export async function insertPassport(t: TestApp, f: PassportFixture): Promise<number> {
  const n = ++counter;
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto("passports")
    .values({
      full_name: f.fullName ?? `Worker ${n}`,
      passport_no: f.passportNo ?? `P${String(n).padStart(7, "0")}`,
      fathers_name: "Abdul Karim",
      mothers_name: "Rahima Begum",
      schooling: "SSC",
      marital_status: "Single",
      telephone: f.telephone ?? "01712345678",
      agent_id: f.agentId,
      agent_name: f.agentName ?? "agent",
      admin_id: f.adminId ?? null,
      contract_amount: 50000,
      passport_issue_date: "2022-01-01",
      passport_expire_date: "2032-01-01",
      dob: "1995-05-05",
      visa_type: f.visaType ?? "WORKVISA",
      slot_id: f.slotId,
      status: f.status ?? "PENDING",
      created_at: now,
      updated_at: now,
      ...f.set,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The `data` part of a valid add-passport request. */
export function validPassportData(agentId: number, slot: string): Record<string, unknown> {
  return {
    fullName: "Mohammad Rahim Uddin",
    passportNo: "EB1234567",
    fathersName: "Abdul Karim",
    mothersName: "Rahima Begum",
    schooling: "HSC",
    maritalStatus: "Married",
    telephone: "01712345678",
    agentId: String(agentId),
    agentName: "agent",
    contractAmount: "450000",
    passportIssueDate: "2023-03-01",
    passportExpireDate: "2033-02-28",
    visaType: "WORKVISA",
    dob: "1994-07-15",
    slot,
    isSuperAdminApproved: "APPROVED",
  };
}

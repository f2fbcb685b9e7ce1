/**
 * One passport record as the workflow would have left it: the person, numbers and dates of a real
 * application, the milestones, visa and flight dates, comments and status changes its status implies,
 * and the events that recorded them. Shared by the demo data and `npm run seed:large`.
 */
import type { Insertable } from "kysely";
import type { PassportStatus } from "../../src/contract";
import type { PassportsTable } from "../db/schema";
import { toDbBool, toDbTimestamp } from "../db/values";
import { MILESTONE_COLUMNS } from "../passports/mapper";
import { type Person, SCHOOLING } from "./people";
import type { Random } from "./random";

const DAY = 86_400_000;

const ADMIN_NOTES = [
  "Medical report received",
  "Police clearance submitted",
  "Waiting for employer's demand letter",
  "Training certificate checked",
  "Bank statement to be updated",
];
const ADMIN_REJECTIONS = ["Passport expires too soon", "Documents incomplete", "Failed medical test", "Applicant withdrew"];
const SUPER_ADMIN_NOTES = ["Approved for deployment", "All documents verified", "Cleared by BMET"];
const SUPER_ADMIN_REJECTIONS = ["Employer cancelled the demand", "Visa quota exhausted", "Age limit exceeded for this job"];

export const ymd = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

export interface PlannedEvent {
  at: Date;
  userId: number;
  kind: "CREATE" | "STATUS" | "COMMENT" | "DOCUMENT" | "MILESTONE" | "DATE";
  field?: string;
  oldValue?: string;
  newValue?: string;
}

export interface PlannedComment {
  at: Date;
  userId: number;
  role: "ADMIN" | "SUPER_ADMIN";
  body: string;
}

export interface PlannedRecord {
  row: Insertable<PassportsTable>;
  events: PlannedEvent[];
  /** The comment thread (passport_comments); empty, as the events, when `withEvents` is false. */
  comments: PlannedComment[];
}

export interface RecordChoices {
  who: Person;
  passportNo: string;
  telephone: string;
  agent: { id: number; username: string };
  slot: { id: number; name: string };
  status: PassportStatus;
  createdAt: Date;
  /** When the passport reached its status: its milestones and status changes fall between the two. */
  doneBy: Date;
  ids: { admin: number; superAdmin: number };
  /** Also plan the events (the default); seed:large leaves them out. */
  withEvents?: boolean;
}

export function planRecord(random: Random, { who, passportNo, telephone, agent, slot, status, createdAt, doneBy, ids, withEvents = true }: RecordChoices): PlannedRecord {
  const span = doneBy.getTime() - createdAt.getTime();
  const at = (fraction: number) => new Date(createdAt.getTime() + Math.floor(span * fraction));

  const passportIssue = addDays(createdAt, -random.int(30, 6 * 365));
  const row: Insertable<PassportsTable> = {
    full_name: who.fullName,
    passport_no: passportNo,
    fathers_name: who.fathersName,
    mothers_name: who.mothersName,
    schooling: random.pick(SCHOOLING),
    marital_status: random.chance(0.5) ? "Married" : random.chance(0.9) ? "Single" : random.pick(["Divorced", "Widowed"]),
    telephone,
    agent_id: agent.id,
    agent_name: agent.username,
    admin_id: ids.admin,
    contract_amount: random.int(50, 150) * 5000,
    passport_issue_date: ymd(passportIssue),
    passport_expire_date: ymd(addDays(passportIssue, (random.chance(0.8) ? 3652 : 1826) - 1)),
    dob: ymd(addDays(createdAt, -random.int(20 * 365 + 10, 45 * 365))),
    visa_type: random.chance(0.8) ? "WORKVISA" : random.chance(0.6) ? "VISITVISA" : "STUDENTVISA",
    slot_id: slot.id,
    status,
    comment_by_admin: null,
    comment_by_super_admin: null,
    is_work_permit_approved: toDbBool(false),
    is_gadget_published: toDbBool(false),
    is_visa_applied: toDbBool(false),
    is_visa_granted: toDbBool(false),
    is_bmet_approved: toDbBool(false),
    is_flight_scheduled: toDbBool(false),
    visa_issue_date: null,
    visa_expire_date: null,
    flight_schedule_date: null,
    created_at: toDbTimestamp(createdAt),
    updated_at: toDbTimestamp(createdAt),
    status_changed_at: null,
    comment_count: 0,
  };

  const events: PlannedEvent[] = [];
  const record = (event: PlannedEvent) => withEvents && events.push(event);
  if (withEvents) {
    record({
      at: createdAt,
      userId: ids.admin,
      kind: "CREATE",
      newValue: JSON.stringify({ full_name: row.full_name, passport_no: row.passport_no, agent_id: agent.id, slot: slot.name, status: "PENDING" }),
    });
  }
  const move = (when: Date, userId: number, from: PassportStatus, to: PassportStatus) => {
    record({ at: when, userId, kind: "STATUS", field: "isSuperAdminApproved", oldValue: from, newValue: to });
    row.updated_at = toDbTimestamp(when);
    row.status_changed_at = row.updated_at;
  };
  const comments: PlannedComment[] = [];
  const comment = (when: Date, userId: number, field: "commentByAdmin" | "commentBySuperAdmin", text: string) => {
    const previous = field === "commentByAdmin" ? row.comment_by_admin : row.comment_by_super_admin;
    record({ at: when, userId, kind: "COMMENT", field, oldValue: previous ?? undefined, newValue: text });
    if (withEvents) comments.push({ at: when, userId, role: field === "commentByAdmin" ? "ADMIN" : "SUPER_ADMIN", body: text });
    if (field === "commentByAdmin") row.comment_by_admin = text;
    else row.comment_by_super_admin = text;
    row.comment_count = comments.length;
    row.updated_at = toDbTimestamp(when);
  };
  /**
   * The first `done` milestones in their usual order, with the visa and flight dates they imply, each
   * recorded as the admin's event as the Work Permit screen would (the events are what history shows).
   */
  const progress = (done: number, visaAt: Date) => {
    const when = (i: number) => at(0.25 + 0.07 * i);
    const setDate = (i: number, field: "visaIssueDate" | "visaExpireDate" | "flightScheduleDate", value: string) => {
      record({ at: when(i), userId: ids.admin, kind: "DATE", field, newValue: value });
    };
    Object.entries(MILESTONE_COLUMNS).forEach(([field, column], i) => {
      row[column] = toDbBool(i < done);
      if (i < done) record({ at: when(i), userId: ids.admin, kind: "MILESTONE", field, oldValue: "false", newValue: "true" });
    });
    if (done >= 4) {
      row.visa_issue_date = ymd(visaAt);
      row.visa_expire_date = ymd(addDays(visaAt, random.pick([90, 180, 365, 730])));
      setDate(3, "visaIssueDate", row.visa_issue_date);
      setDate(3, "visaExpireDate", row.visa_expire_date);
    }
    if (done >= 6) {
      const flight = addDays(visaAt, random.int(20, 75));
      flight.setUTCHours(random.pick([2, 5, 9, 14, 18]), random.pick([0, 15, 30, 45]), 0, 0);
      row.flight_schedule_date = toDbTimestamp(flight);
      setDate(5, "flightScheduleDate", row.flight_schedule_date);
    }
    if (done > 0) row.updated_at = toDbTimestamp(when(done - 1));
  };

  const rejectedEarly = status === "REJECTED" && random.chance(0.5);
  if (rejectedEarly) {
    comment(at(0.3), ids.admin, "commentByAdmin", random.pick(ADMIN_REJECTIONS));
    move(at(0.35), ids.admin, "PENDING", "REJECTED");
  } else if (status !== "PENDING") {
    move(at(0.2), ids.admin, "PENDING", "REVIEWED");
    if (random.chance(0.4)) comment(at(0.3), ids.admin, "commentByAdmin", random.pick(ADMIN_NOTES));
    if (random.chance(0.3)) comment(at(0.4), ids.superAdmin, "commentBySuperAdmin", random.pick(SUPER_ADMIN_NOTES));
    if (status === "REVIEWED") {
      progress(random.int(0, 6), at(0.6));
    } else {
      progress(6, at(0.5));
      move(at(0.75), ids.admin, "REVIEWED", "COMPLETED");
      if (status === "APPROVED") {
        if (random.chance(0.6)) comment(at(0.85), ids.superAdmin, "commentBySuperAdmin", random.pick(SUPER_ADMIN_NOTES));
        move(at(0.9), ids.superAdmin, "COMPLETED", "APPROVED");
      } else if (status === "REJECTED") {
        comment(at(0.85), ids.superAdmin, "commentBySuperAdmin", random.pick(SUPER_ADMIN_REJECTIONS));
        move(at(0.9), ids.superAdmin, "COMPLETED", "REJECTED");
      }
    }
  } else if (random.chance(0.2)) {
    comment(at(0.5), ids.admin, "commentByAdmin", random.pick(ADMIN_NOTES));
  }
  return { row, events, comments };
}


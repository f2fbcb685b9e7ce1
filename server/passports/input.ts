/**
 * Turns the `data` part of add and update into passports columns: validated with the contract's
 * schema, the agent and slot resolved from the database (agentName is the agent's username, whatever
 * the client sent).
 */
import { type Kysely, sql } from "kysely";
import { DOCUMENT_FIELDS, MSG, agentIdNumber, passportInputSchema } from "../../src/contract";
import type { z } from "zod";
import type { DB } from "../db/schema";
import { toDbBool } from "../db/values";
import { badRequest } from "../http/errors";
import { type MultipartBody, readMultipart } from "../http/multipart";
import { parse } from "../http/validate";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { type DocumentFiles, documentPlace } from "./documents";

/** The passports columns an add or an edit writes, with the slot's name for the events. */
export interface PassportColumns {
  full_name: string;
  passport_no: string;
  fathers_name: string;
  mothers_name: string;
  schooling: string;
  marital_status: string;
  telephone: string;
  agent_id: number;
  agent_name: string;
  contract_amount: number;
  passport_issue_date: string;
  passport_expire_date: string;
  dob: string;
  visa_type: string;
  slot_id: number;
}

/** Contract field name of each editable column, for the EDIT events. */
export const EDITABLE_FIELDS: Record<keyof PassportColumns, string> = {
  full_name: "fullName",
  passport_no: "passportNo",
  fathers_name: "fathersName",
  mothers_name: "mothersName",
  schooling: "schooling",
  marital_status: "maritalStatus",
  telephone: "telephone",
  agent_id: "agentId",
  agent_name: "agentName",
  contract_amount: "contractAmount",
  passport_issue_date: "passportIssueDate",
  passport_expire_date: "passportExpireDate",
  dob: "dob",
  visa_type: "visaType",
  slot_id: "slot",
};

export interface PassportSubmission {
  columns: PassportColumns;
  slotName: string;
  files: DocumentFiles;
}

/**
 * Reads and checks a multipart add or update; throws 400/413/415 before anything is written to the
 * database (objects streamed already are deleted when the request fails: DocumentStorage.sinkFor).
 */
export async function readPassportSubmission(request: FastifyRequest, ctx: AppContext): Promise<PassportSubmission> {
  const body: MultipartBody<(typeof DOCUMENT_FIELDS)[number]> = await readMultipart(request, {
    fileFields: DOCUMENT_FIELDS,
    imagesOnly: ["recentPic"],
    maxBytes: ctx.config.maxUploadBytes,
    // With object storage each document streams to the bucket as it arrives (docs/storage.md "Uploads").
    sink: ctx.storage.sinkFor(request, documentPlace),
  });
  const input = parse(passportInputSchema, body.data);
  const [agent, slot] = await Promise.all([findAgent(ctx.db, input.agentId), findSlot(ctx.db, input.slot)]);
  const errors: Record<string, string> = {};
  if (!agent) errors.agentId = MSG.agentId;
  if (!slot) errors.slot = MSG.slot;
  if (!agent || !slot) throw badRequest(Object.values(errors).length === 1 ? Object.values(errors)[0] : "Invalid request", errors);
  return {
    columns: passportColumns(input, agent, slot),
    slotName: slot.slot_name,
    files: body.files,
  };
}

/** The Add Passport fields as they are stored (spec §5), the form's or an imported row's. */
type PassportFields = Omit<z.output<typeof passportInputSchema>, "agentId" | "agentName" | "slot">;

/** A passport's columns from its fields, its agent (agentName is the agent's username) and its slot. */
export function passportColumns(input: PassportFields, agent: { id: number; username: string }, slot: { id: number }): PassportColumns {
  return {
    full_name: input.fullName,
    passport_no: input.passportNo,
    fathers_name: input.fathersName,
    mothers_name: input.mothersName,
    schooling: input.schooling,
    marital_status: input.maritalStatus,
    telephone: input.telephone,
    agent_id: agent.id,
    agent_name: agent.username,
    contract_amount: input.contractAmount,
    passport_issue_date: input.passportIssueDate,
    passport_expire_date: input.passportExpireDate,
    dob: input.dob,
    visa_type: input.visaType,
    slot_id: slot.id,
  };
}

/** A new passport's row: its columns, PENDING whatever a client sends (docs/access.md), no milestone yet, entered by `adminId` at `now`. */
export function newPassportRow(columns: PassportColumns, adminId: number, now: string) {
  const no = toDbBool(false);
  return {
    ...columns,
    admin_id: adminId,
    status: "PENDING" as const,
    is_work_permit_approved: no,
    is_gadget_published: no,
    is_visa_applied: no,
    is_visa_granted: no,
    is_bmet_approved: no,
    is_flight_scheduled: no,
    created_at: now,
    updated_at: now,
  };
}

/** A user holding AGENT, by the id the form sent. */
async function findAgent(db: Kysely<DB>, agentId: string) {
  const id = agentIdNumber.safeParse(agentId);
  if (!id.success) return undefined;
  return db
    .selectFrom("users")
    .innerJoin("user_roles", "user_roles.user_id", "users.id")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["users.id", "users.username"])
    .where("users.id", "=", id.data)
    .where("roles.name", "=", "AGENT")
    .executeTakeFirst();
}

/** Slot names are unique whatever their case (the slots_name_key index). */
function findSlot(db: Kysely<DB>, slotName: string) {
  return db.selectFrom("slots").select(["id", "slot_name"]).where(sql<string>`lower(slot_name)`, "=", slotName.toLowerCase()).executeTakeFirst();
}

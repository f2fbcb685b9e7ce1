/**
 * Zod schemas of what the server answers (spec §3 "Replies"): the envelope, pages, and each record.
 * The server's routes declare their replies with them, which documents them (GET /api/openapi.json)
 * and drives their serialisation; dto.ts derives the record types from them, so the two cannot drift
 * (docs/api.md). Output shapes only: no transforms, since replies are encoded through them.
 *
 * Not exported from the contract's index: the app needs the types, not the schemas (its bundle would
 * carry them all).
 */
import { z } from "zod";
import {
  ATTENTION_ITEMS,
  DOCUMENT_KINDS,
  LANGUAGES,
  MARITAL_STATUSES,
  MILESTONES,
  type MilestoneField,
  PASSPORT_STATUSES,
  ROLES,
  SECURITY_EVENT_KIND_NAMES,
  VISA_TYPES,
} from "./enums";
import type { Envelope, Page } from "./envelope";
import { ERROR_TEXTS, type ErrorCode } from "./error-codes";

const int = () => z.number().int();
const dateTime = (description = "ISO 8601 date-time") => z.string().meta({ description });
const ymd = (description = "YYYY-MM-DD") => z.string().meta({ description });

// ---------------------------------------------------------------- the envelope

/**
 * Built once per schema (the same object for the same `schema`), so that the server compiles each
 * reply schema once however many routes and apps use it.
 */
function once<S extends z.ZodType, R>(build: (schema: S) => R): (schema: S) => R {
  const built = new WeakMap<S, R>();
  return (schema) => {
    if (!built.has(schema)) built.set(schema, build(schema));
    return built.get(schema)!;
  };
}

/** The envelope of a successful reply (spec §3), `replyMessage` being `schema`. */
export const envelopeOf = once(<S extends z.ZodType>(schema: S) =>
  z.object({
    success: z.literal(true),
    replyMessage: schema,
    message: z.string().nullable(),
    errorMessage: z.null(),
  }),
);

/** `replyMessage` of a reply that carries nothing but its message. */
export const noRecordSchema = z.null();

/** A refused or failed call, any 4xx or 5xx. */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    replyMessage: z.null(),
    message: z.null(),
    errorMessage: z.string(),
    errorCode: z
      .enum(Object.keys(ERROR_TEXTS) as [ErrorCode, ...ErrorCode[]])
      .optional()
      .meta({ description: "Ours (issue 28): the stable code of a known errorMessage (src/contract/error-codes.ts), which the app shows in the user's language; errorMessage stays English" }),
    errors: z.record(z.string(), z.string()).optional().meta({ description: "Per-field messages (ours), keyed by field name" }),
  })
  .meta({ id: "ErrorEnvelope" });

/** A page of results: replyMessage.content and replyMessage.totalElements (spec §3); pages are zero-based. */
export const pageOf = once(<S extends z.ZodType>(schema: S) =>
  z.object({
    content: z.array(schema),
    totalElements: int(),
    totalPages: int(),
    page: int(),
    size: int(),
  }),
);

// ---------------------------------------------------------------- passports

export const passportSchema = z
  .object({
    id: int(),
    fullName: z.string(),
    passportNo: z.string(),
    fathersName: z.string(),
    mothersName: z.string(),
    schooling: z.string(),
    maritalStatus: z.enum(MARITAL_STATUSES),
    telephone: z.string(),
    agentId: int(),
    agentName: z.string(),
    adminId: int().nullable(),
    contractAmount: int().meta({ description: "BDT" }),
    passportIssueDate: ymd(),
    passportExpireDate: ymd(),
    dob: ymd(),
    age: int(),
    visaType: z.enum(VISA_TYPES),
    slot: z.string().meta({ description: "The slot's name" }),
    isSuperAdminApproved: z.string().meta({ description: "The status; a plain string because other backends send compound values" }),
    commentByAdmin: z.string().nullable(),
    commentBySuperAdmin: z.string().nullable(),
    isWorkPermitApproved: z.boolean(),
    isGadgetPublished: z.boolean(),
    isVisaApplied: z.boolean(),
    isVisaGranted: z.boolean(),
    isBMETApproved: z.boolean(),
    isFlightScheduled: z.boolean(),
    visaIssueDate: ymd().nullable(),
    visaExpireDate: ymd().nullable(),
    visaRemainingDays: int().nullable(),
    flightScheduleDate: dateTime().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    statusChangedAt: dateTime("Ours: when the passport entered its current status (ISO 8601)").optional(),
    commentCount: int().optional().meta({ description: "Ours: how many comments its thread holds, of every role" }),
  })
  .meta({ id: "Passport" });

export const passportEventSchema = z
  .object({
    id: int(),
    at: dateTime(),
    kind: z
      .enum(["CREATE", "EDIT", "DOCUMENT", "STATUS", "MILESTONE", "DATE", "COMMENT", "IMPORT"])
      .meta({ description: "IMPORT: created by a spreadsheet import, newValue the file's name (issue 27)" }),
    field: z.string().nullable().meta({ description: "The passport field changed (contract name), or the document's field; null for CREATE" }),
    oldValue: z.string().nullable().meta({ description: 'As text: "true"/"false" for milestones, the file name for documents' }),
    newValue: z.string().nullable(),
    userId: int().nullable(),
    username: z.string().nullable().meta({ description: "null when the account has been deleted" }),
  })
  .meta({ id: "PassportEvent", description: "Ours: one entry of a passport's history" });

export const passportCommentSchema = z
  .object({
    id: int(),
    role: z.enum(["ADMIN", "SUPER_ADMIN"]),
    text: z.string(),
    at: dateTime(),
    userId: int().nullable(),
    username: z.string().nullable(),
  })
  .meta({ id: "PassportComment", description: "Ours: one comment of a passport's thread, oldest first" });

const statusCounts = z.partialRecord(z.enum(PASSPORT_STATUSES), int());
const listFilter = z.record(z.string(), z.string()).meta({ description: "The list query parameters that list exactly these passports" });

export const attentionCountSchema = z
  .object({ byStatus: statusCounts, total: int(), filter: listFilter })
  .meta({ id: "AttentionCount", description: "Ours: passports needing attention, per status" });

export const passportOverviewSchema = z
  .object({
    today: ymd("The server's calendar day the counts were taken on (YYYY-MM-DD)"),
    agentId: int().nullable(),
    byStatus: z.record(z.enum(PASSPORT_STATUSES), int()),
    reviewedMilestones: z
      .record(z.enum(MILESTONES.map((m) => m.field) as [MilestoneField, ...MilestoneField[]]), int())
      .meta({ description: "REVIEWED passports with each milestone Done" }),
    decidedThisMonth: z
      .object({ approved: int(), rejected: int(), filter: listFilter })
      .meta({ description: "APPROVED and REJECTED since the first of the month, and the list filter that lists them" }),
    attention: z.record(z.enum(ATTENTION_ITEMS), attentionCountSchema),
  })
  .meta({ id: "PassportOverview", description: "Ours: within the caller's passports (an agent's own), or one agent's" });

export const attachmentFileSchema = z
  .object({ contentType: z.string(), data: z.string().meta({ description: "base64" }), fileName: z.string() })
  .meta({ id: "AttachmentFile" });

export const attachmentsSchema = z
  .object(
    Object.fromEntries(DOCUMENT_KINDS.map((d) => [d.replyKey, attachmentFileSchema.nullable()])) as Record<
      (typeof DOCUMENT_KINDS)[number]["replyKey"],
      z.ZodNullable<typeof attachmentFileSchema>
    >,
  )
  .meta({ id: "Attachments", description: "The eight documents by their reply keys; null when none is stored" });

// ---------------------------------------------------------------- users and sessions

export const userFileSchema = attachmentFileSchema.extend({ size: int() }).meta({ id: "UserFile" });

export const userSchema = z
  .object({
    id: int(),
    username: z.string(),
    contactNumber: z.string(),
    email: z.string(),
    address: z.string(),
    emergencyContactNumber: z.string(),
    nidNo: z.string(),
    passportNo: z.string(),
    roles: z.array(z.object({ name: z.enum(ROLES) })),
    enabled: z
      .boolean()
      .optional()
      .meta({ description: "Ours: false while a super admin has disabled the account (it cannot sign in). Other backends may leave it out" }),
    passportPdf: userFileSchema.nullable().optional().meta({ description: "Present on GET /auth/get-user/{id}; lists leave files out" }),
    nidPdf: userFileSchema.nullable().optional(),
  })
  .meta({ id: "User" });

export const agentOptionSchema = z.object({ id: int(), username: z.string() }).meta({ id: "AgentOption" });

export const slotSchema = z.object({ id: int(), slotName: z.string() }).meta({ id: "Slot" });

export const sessionInfoSchema = z
  .object({
    id: z.string(),
    createdAt: dateTime(),
    lastUsedAt: dateTime(),
    ipAddress: z.string().nullable(),
    browser: z.string().meta({ description: 'A readable name of the browser and system ("Chrome 126 on Windows"), from the User-Agent' }),
    current: z.boolean().meta({ description: "The session this request was made with" }),
  })
  .meta({ id: "SessionInfo", description: "One of the caller's sessions: a sign-in on some browser, still active" });

export const securityEventSchema = z
  .object({
    id: int(),
    at: dateTime(),
    kind: z.enum(SECURITY_EVENT_KIND_NAMES),
    userId: int().nullable().meta({ description: "The account the event is about; for a failed sign-in with an unknown name, only the name tried" }),
    username: z.string().nullable(),
    actorUsername: z.string().nullable().meta({ description: "Who did it, when that is someone else (a super admin disabling an account)" }),
    ipAddress: z.string().nullable(),
    browser: z.string().nullable(),
    details: z.string().nullable(),
  })
  .meta({ id: "SecurityEvent", description: "A row of the security log" });

// ---------------------------------------------------------------- small replies

export const tokenReplySchema = z.object({ token: z.string().meta({ description: "The access token (JWT)" }) });
/** POST /auth/login's: the token, and (ours, issue 28) the account's language after the sign-in. */
export const loginReplySchema = tokenReplySchema.extend({
  language: z.enum(LANGUAGES).nullable().meta({ description: "Ours (issue 28): the account's language (saved from the body's, when sent); null until one is chosen" }),
});
/** PUT /auth/language's (ours, issue 28). */
export const languageReplySchema = z.object({ language: z.enum(LANGUAGES) });
export const createdIdSchema = z.object({ id: int() });
export const endedSessionsSchema = z.object({ ended: int().meta({ description: "How many sessions were ended" }) });

// The generic shapes stay interfaces (envelope.ts); these stop compiling once a schema and its type part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Slot = z.output<typeof slotSchema>;
export type ReplyShapeChecks = [
  Expect<Same<z.output<ReturnType<typeof pageOf<typeof slotSchema>>>, Page<Slot>>>,
  Expect<z.output<ReturnType<typeof envelopeOf<typeof slotSchema>>> extends Envelope<Slot> ? true : false>,
  Expect<z.output<typeof errorEnvelopeSchema> extends Envelope<null> ? true : false>,
];

// ---------------------------------------------------------------- spreadsheets (issue 27)

/** One message about one cell of an imported file: its row as numbered in the file (the header is row 1). */
export const importIssueSchema = z
  .object({
    row: int().meta({ description: "The row as numbered in the file: the header is row 1, the first data row 2" }),
    column: z.string().meta({ description: "The file's column header, or the field's label when the column is missing" }),
    message: z.string(),
  })
  .meta({ id: "ImportIssue" });

/** How the file's columns were read: each header and the field it fills (null: not used). */
export const importColumnSchema = z
  .object({ header: z.string(), field: z.string().nullable(), label: z.string().nullable() })
  .meta({ id: "ImportColumn" });

export const importReportSchema = z
  .object({
    total: int().meta({ description: "Data rows in the file" }),
    created: int().meta({ description: "Rows written (in a dry run: rows that would be written)" }),
    duplicates: int().meta({ description: "Rows whose key is already stored or appears earlier in the file" }),
    failed: int().meta({ description: "Rows refused, each with at least one entry in errors" }),
    errors: z.array(importIssueSchema),
    warnings: z.array(importIssueSchema).meta({ description: "Ours: notes that do not refuse a row (an unusual passport number)" }),
    columns: z.array(importColumnSchema).meta({ description: "Ours: the file's headers and the fields they were matched to" }),
  })
  .meta({ id: "ImportReport" });


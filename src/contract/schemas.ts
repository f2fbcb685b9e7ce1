/**
 * Zod schemas of everything that crosses the wire. The server validates bodies, queries and path
 * parameters with them; the app's forms build on the same rules so both say the same words (spec §5).
 */
import { z } from "zod";
import { ASSIGNABLE_ROLES, DATE_UPDATES, LANGUAGES, MARITAL_STATUSES, MILESTONES, type MilestoneField, SECURITY_EVENT_KIND_NAMES, VISA_TYPES } from "./enums";
import { MSG, tooLongMessage } from "./messages";
import { type CleanOptions, cleanText } from "./text";

export const MIN_AGE_YEARS = 18;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The largest value of a 32-bit integer column (ids, the contract amount); PostgreSQL refuses more. */
export const MAX_INT = 2_147_483_647;
/** Ids are 32-bit integer columns; a larger one can name no record (and PostgreSQL would refuse to compare it). */
export const MAX_ID = MAX_INT;
export const BD_PHONE = /^01[3-9]\d{8}$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD in the years 0001 to 9999 (rejects 2024-02-30 and 0000-01-01). */
export function isValidYmd(value: unknown): value is string {
  if (typeof value !== "string" || !YMD.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date as YYYY-MM-DD in local time (the applicant's age is judged on the calendar). */
export function todayYmd(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole years between a YYYY-MM-DD birth date and today. */
export function ageOn(dob: string, today = todayYmd()): number {
  const [by, bm, bd] = dob.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Days from today until a YYYY-MM-DD date (negative once it has passed). */
export function daysUntil(date: string, today = todayYmd()): number {
  const ms = Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can). Typed text loses it with the other control
 * characters (text.ts); what is not cleaned (passwords, ignored fields) refuses it, so both databases
 * answer alike.
 */
const NO_NUL = /^[^\u0000]*$/;
/** A string without NUL; `message` when it is no string at all. */
const str = (message?: string) => z.string(message === undefined ? undefined : { error: message }).regex(NO_NUL, MSG.nulCharacter);

/** The longest text a field takes when its own rule says nothing shorter. */
export const MAX_TEXT = 200;
export const MAX_USERNAME = 100;
export const MAX_PASSWORD = 200;
export const MAX_COMMENT = 2000;
export const MAX_ADDRESS = 500;
export const MAX_EMAIL = 254;
export const MAX_SLOT_NAME = 100;
export const MAX_FILTER = 100;

/**
 * Text a person types, cleaned by the one rule of text.ts, then at least `min` characters (`message`
 * when shorter, blank included) and at most `max`.
 */
export function typedText(min: number, message: string, max = MAX_TEXT, options?: CleanOptions) {
  return z
    .string({ error: message })
    .transform((v) => cleanText(v, options))
    .pipe(z.string().min(min, message).max(max, tooLongMessage(max)));
}
const text = (min: number, message: string, max = MAX_TEXT) => typedText(min, message, max);
const ymd = (message: string) => z.string({ error: message }).refine(isValidYmd, message);

// ---------------------------------------------------------------- passports

export const passportFieldsSchema = z.object({
  fullName: text(3, MSG.fullName),
  passportNo: text(3, MSG.passportNo),
  fathersName: text(3, MSG.fathersName),
  mothersName: text(3, MSG.mothersName),
  schooling: text(3, MSG.schooling),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: MSG.required }),
  telephone: text(10, MSG.telephone),
  agentId: z
    .union([z.string(), z.number()], { error: MSG.agentId })
    .transform((v) => String(v).trim())
    .pipe(str().min(1, MSG.agentId).max(20, MSG.agentId)),
  contractAmount: z.coerce
    .number({ error: MSG.contractAmount })
    .int(MSG.contractAmount)
    .min(1, MSG.contractAmount)
    .max(MAX_INT, MSG.contractAmountTooLarge),
  passportIssueDate: ymd(MSG.passportIssueDate),
  passportExpireDate: ymd(MSG.passportExpireDate),
  visaType: z.enum(VISA_TYPES, { error: MSG.required }),
  dob: z
    .string({ error: MSG.dobRequired })
    .min(1, MSG.dobRequired)
    .refine(isValidYmd, MSG.dobRequired)
    .refine((v) => ageOn(v) >= MIN_AGE_YEARS, MSG.dobAge),
  slot: text(1, MSG.slot),
});

/**
 * Ours: a passport cannot expire on or before the day it was issued (docs/access.md "Workflow rules").
 * Added to each schema built on passportFieldsSchema once it is complete (zod cannot extend a refined object).
 */
export function withPassportDatesInOrder<S extends z.ZodType<{ passportIssueDate: string; passportExpireDate: string }>>(schema: S): S {
  return schema.refine((v) => !isValidYmd(v.passportIssueDate) || !isValidYmd(v.passportExpireDate) || v.passportExpireDate > v.passportIssueDate, {
    path: ["passportExpireDate"],
    message: MSG.passportExpiryAfterIssue,
  }) as S;
}

/**
 * The `data` part of POST /api/passport/add and PUT /api/passport/{id}/update. The client may also
 * send agentName and isSuperAdminApproved (spec §7); the server derives both itself and ignores them.
 */
export const passportInputSchema = withPassportDatesInOrder(
  passportFieldsSchema.extend({
    agentName: str().max(MAX_TEXT, tooLongMessage(MAX_TEXT)).optional(),
    isSuperAdminApproved: str().max(MAX_TEXT, tooLongMessage(MAX_TEXT)).optional(),
  }),
);
export type PassportInput = z.output<typeof passportInputSchema>;

/** Agent ids travel as strings in forms; the server needs a positive integer. */
export const agentIdNumber = z.coerce.number({ error: MSG.agentId }).int(MSG.agentId).positive(MSG.agentId).max(MAX_ID, MSG.agentId);

// ---------------------------------------------------------------- users

const phone = (message: string) =>
  z
    .string({ error: message })
    .transform((v) => cleanText(v))
    .pipe(z.string().regex(BD_PHONE, message));
const email = (message: string) =>
  z
    .string({ error: message })
    .transform((v) => cleanText(v))
    .pipe(z.email(message).max(MAX_EMAIL, tooLongMessage(MAX_EMAIL)));
const password = (min: number, message: string) => str(message).min(min, message).max(MAX_PASSWORD, tooLongMessage(MAX_PASSWORD));

const userBase = {
  username: text(1, MSG.username, MAX_USERNAME),
  address: text(1, MSG.address, MAX_ADDRESS),
  nidNo: text(1, MSG.nidNo),
  passportNo: text(1, MSG.userPassportNo),
};

export const createUserSchema = z.object({
  ...userBase,
  contactNumber: phone(MSG.contactNumber),
  emergencyContactNumber: phone(MSG.contactNumber),
  email: email(MSG.email),
  password: password(6, MSG.password),
});
export type CreateUserInput = z.output<typeof createUserSchema>;

/** The create-user form also asks for the role, which the app sends through assign-role. */
export const createUserFormSchema = createUserSchema.extend({
  agentrole: z.enum(ASSIGNABLE_ROLES, { error: MSG.agentRole }),
});

export const updateUserSchema = z.object({
  ...userBase,
  contactNumber: phone(MSG.updateContactNumber),
  emergencyContactNumber: phone(MSG.updateEmergencyContactNumber),
  email: email(MSG.updateEmail),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

export const updateUserFormSchema = updateUserSchema.extend({
  agentrole: z.enum(ASSIGNABLE_ROLES, { error: MSG.agentRole }),
});

export const assignRoleQuerySchema = z.object({
  roleName: z.enum(ASSIGNABLE_ROLES, { error: MSG.agentRole }),
});

export const loginSchema = z.object({
  username: text(1, MSG.signInUsername, MAX_USERNAME),
  password: password(1, MSG.signInPassword),
  /** Ours (issue 28): a language chosen on the sign-in page, saved to the account; the reply's `language` is the account's. */
  language: z.enum(LANGUAGES).optional(),
});
export type LoginInput = z.output<typeof loginSchema>;

/** PUT /auth/language (ours, issue 28): the caller's language, kept on their account; replies `{ language }`. */
export const languageSchema = z.object({ language: z.enum(LANGUAGES) });

/** PUT /auth/change-password: the current password, and a new one under the signup rule. */
export const changePasswordSchema = z
  .object({
    currentPassword: password(1, MSG.currentPassword),
    newPassword: password(6, MSG.password),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { path: ["newPassword"], message: MSG.samePassword });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({
  email: email(MSG.email),
});

// ---------------------------------------------------------------- slots

export const slotInputSchema = z.object({
  slotName: text(1, MSG.slotName, MAX_SLOT_NAME),
});
export type SlotInput = z.output<typeof slotInputSchema>;

// ---------------------------------------------------------------- workflow bodies

/** Every comment is kept in the passport's thread (ours), so a blank one is refused rather than clearing. */
export const commentSchema = typedText(1, MSG.commentRequired, MAX_COMMENT, { multiline: true });
export const adminCommentSchema = z.object({ commentByAdmin: commentSchema });
export const superAdminCommentSchema = z.object({ commentBySuperAdmin: commentSchema });

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
/** The instants stored as timestamps: years 0001 to 9999 in UTC, as for dates (an offset can move the year). */
const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");
/** True for an ISO date and time on a real calendar date (Date.parse would roll 2025-02-30 over to March). */
const isValidDateTime = (v: string) => {
  const instant = Date.parse(v);
  return ISO_DATE_TIME.test(v) && isValidYmd(v.slice(0, 10)) && instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
};
const dateOrNull = z.union([ymd("Enter a valid date (YYYY-MM-DD)"), z.null()]);
export const dateTimeOrNull = z.union([
  z.string({ error: "Enter a valid date and time" }).refine(isValidDateTime, "Enter a valid date and time"),
  z.null(),
]);

/** Body schema of each date update, keyed by its URL action (spec §7). */
export const dateUpdateSchemas = {
  "update-visa-issue-date": z.object({ visaIssueDate: dateOrNull }),
  "update-visa-expire-date": z.object({ visaExpireDate: dateOrNull }),
  "update-flight-schedule-date": z.object({ flightScheduleDate: dateTimeOrNull }),
} satisfies Record<(typeof DATE_UPDATES)[number]["action"], z.ZodType>;

export const milestoneParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  segment: z.enum(MILESTONES.map((m) => m.segment) as [string, ...string[]]),
  status: z.enum(["true", "false"]).transform((v) => v === "true"),
});

// ---------------------------------------------------------------- queries and params

export const idParamSchema = z.object({
  id: z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(MAX_ID, "Invalid id"),
});

/** `:userId` of the user routes (assign-role, update-user, delete-user). */
export const userIdParamSchema = z.object({ userId: idParamSchema.shape.id });

/** `:sessionId` of DELETE /auth/sessions/{sessionId}. */
export const sessionIdParamSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid session id"),
});

/** `:userId/:enabled` of PUT /auth/set-user-enabled/{userId}/{enabled}. */
export const setUserEnabledParamsSchema = userIdParamSchema.extend({
  enabled: z.enum(["true", "false"], { error: "enabled must be true or false" }).transform((v) => v === "true"),
});

/** `:agentId` of the agent-scoped passport lists. */
export const agentIdParamSchema = z.object({ agentId: agentIdNumber });

export const paginationSchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number" }).int("page must be a whole number").min(0, "page must be 0 or more").default(0),
  size: z.coerce
    .number({ error: "size must be a whole number" })
    .int("size must be a whole number")
    .min(1, "size must be at least 1")
    .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type Pagination = z.output<typeof paginationSchema>;

/** Filters of §5: cleaned as typed text (which trims), blanks dropped. */
const filterValue = z
  .string()
  .transform((v) => cleanText(v))
  .pipe(z.string().max(MAX_FILTER, tooLongMessage(MAX_FILTER)))
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const PASSPORT_FILTER_KEYS = [
  "fullName",
  "passportNo",
  "telephone",
  "agentName",
  "slot",
  "visaType",
  "isSuperAdminApproved",
] as const;
export type PassportFilterKey = (typeof PASSPORT_FILTER_KEYS)[number];

export const passportFiltersSchema = z.object(
  Object.fromEntries(PASSPORT_FILTER_KEYS.map((k) => [k, filterValue])) as Record<PassportFilterKey, typeof filterValue>,
);
export type PassportFilters = z.output<typeof passportFiltersSchema>;

/** A query value left blank counts as absent, as for the §5 filters. */
const blankAsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);
const dayFilter = z.preprocess(blankAsAbsent, z.string().refine(isValidYmd, "Enter a valid date (YYYY-MM-DD)").optional());
const doneFilter = z.preprocess(
  blankAsAbsent,
  z
    .enum(["true", "false"], { error: "Must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
);

/**
 * Ours: date ranges the lists also filter by, each as `<range>From` and `<range>To` (YYYY-MM-DD, both
 * days included, either may be left out): visa expiry, passport expiry, the flight's day (in the
 * server's time zone) and the day the passport entered its current status.
 */
export const PASSPORT_DATE_RANGES = ["visaExpire", "passportExpire", "flight", "statusChanged"] as const;
export type PassportDateRange = (typeof PASSPORT_DATE_RANGES)[number];
export type PassportDateRangeKey = `${PassportDateRange}${"From" | "To"}`;
export const PASSPORT_DATE_RANGE_KEYS = PASSPORT_DATE_RANGES.flatMap((r) => [`${r}From`, `${r}To`]) as PassportDateRangeKey[];

/** Ours: the extra list filters: the date ranges, and each milestone Done (true) or not (false). */
export const PASSPORT_EXTRA_FILTER_KEYS = [...PASSPORT_DATE_RANGE_KEYS, ...MILESTONES.map((m) => m.field)] as const;
export type PassportExtraFilterKey = PassportDateRangeKey | MilestoneField;

export const passportExtraFiltersSchema = z.object({
  ...(Object.fromEntries(PASSPORT_DATE_RANGE_KEYS.map((k) => [k, dayFilter])) as Record<PassportDateRangeKey, typeof dayFilter>),
  ...(Object.fromEntries(MILESTONES.map((m) => [m.field, doneFilter])) as Record<MilestoneField, typeof doneFilter>),
});

export const passportListQuerySchema = paginationSchema.extend(passportFiltersSchema.shape).extend(passportExtraFiltersSchema.shape);
export type PassportListQuery = z.output<typeof passportListQuerySchema>;

/**
 * Query of the milestone and date updates: the page, size and filters of the list they were made from
 * (spec §7), plus the agent the list is narrowed to, named as the list calls name them.
 */
export const progressUpdateQuerySchema = passportListQuerySchema.extend({
  agentId: z.coerce
    .number({ error: "agentId must be a whole number" })
    .int("agentId must be a whole number")
    .positive("agentId must be positive")
    .max(MAX_ID, "agentId must be positive")
    .optional(),
});

/** Ours: GET /api/passport/overview, optionally narrowed to one agent (admins and super admins). */
export const overviewQuerySchema = z.object({
  agentId: z.preprocess(blankAsAbsent, agentIdNumber.optional()),
});
/** GET /auth/security-events: a page, optionally of one user (by name, any case) and one kind. */
export const securityEventsQuerySchema = paginationSchema.extend({
  username: filterValue,
  kind: z.enum(SECURITY_EVENT_KIND_NAMES, { error: "Unknown kind" }).optional(),
});
export type SecurityEventsQuery = z.output<typeof securityEventsQuerySchema>;

// ---------------------------------------------------------------- spreadsheets (issue 27)

/** A list's file formats: every list also answers `format=csv` or `format=xlsx` (docs/api.md "Export"). */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const exportFormat = z.enum(EXPORT_FORMATS, { error: `format must be ${EXPORT_FORMATS.join(" or ")}` });

/**
 * What a list takes besides its page and filters to answer a file: `format`, and `columns` (the column
 * keys, comma-separated, in order, as the column chooser shows them; the list's own when absent).
 */
export const exportQuerySchema = z.object({
  format: exportFormat.optional(),
  columns: z
    .string()
    .max(2000, "columns is too long")
    .transform((v) => v.split(",").map((c) => c.trim()).filter(Boolean))
    .optional(),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

export const MAX_IMPORT_ROWS_DEFAULT = 50_000;
export const MAX_IMPORT_MB_DEFAULT = 20;

/** `GET /api/passport/import-template?format=csv|xlsx` (CSV when absent). */
export const importTemplateQuerySchema = z.object({ format: exportFormat.default("csv") });

/**
 * `POST /api/passport/import?dryRun=true|false`: a dry run (the default: nothing is written unless
 * `dryRun=false` is said) checks every row; `failedRows=csv|xlsx` answers, instead of the report, the
 * file's failed rows with an "Errors" column, to fix and upload again.
 */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  failedRows: exportFormat.optional(),
});
export type ImportQuery = z.output<typeof importQuerySchema>;


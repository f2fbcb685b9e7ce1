/**
 * Table types for Kysely. Booleans and timestamps arrive per dialect; see values.ts. The declared
 * resources' tables are not written here: their types are read from the declarations
 * (declared-tables.ts).
 */
import type { ColumnType, Generated } from "kysely";
import type { Language } from "../../src/contract/enums";
import type { DeclaredDB } from "./declared-tables";

type Bool = ColumnType<boolean | number, number | undefined, number>;
/** ISO date-time: text in SQLite, timestamptz in PostgreSQL (a Date when read). */
type Timestamp = ColumnType<string | Date, string, string>;
type TimestampOrNull = ColumnType<string | Date | null, string | null, string | null>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  contact_number: string;
  emergency_contact_number: string;
  address: string;
  nid_no: string;
  passport_no: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the account is disabled: it cannot sign in or refresh. */
  disabled_at: TimestampOrNull;
  /** Issue 28: the user's language ("en" | "bn"), null until chosen. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface StoredFileColumns {
  kind: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  /** The file, or an empty blob when `object_key` names the object holding it (migration 0020). */
  bytes: Buffer;
  /** The object in STORAGE_URL's bucket holding the file (docs/storage.md); null when `bytes` holds it. */
  object_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface UserFilesTable extends StoredFileColumns {
  id: Generated<number>;
  user_id: number;
}

export interface PassportsTable {
  id: Generated<number>;
  full_name: string;
  passport_no: string;
  fathers_name: string;
  mothers_name: string;
  schooling: string;
  marital_status: string;
  telephone: string;
  agent_id: number;
  agent_name: string;
  admin_id: number | null;
  contract_amount: number;
  passport_issue_date: string;
  passport_expire_date: string;
  dob: string;
  visa_type: string;
  slot_id: number;
  status: string;
  comment_by_admin: string | null;
  comment_by_super_admin: string | null;
  is_work_permit_approved: Bool;
  is_gadget_published: Bool;
  is_visa_applied: Bool;
  is_visa_granted: Bool;
  is_bmet_approved: Bool;
  is_flight_scheduled: Bool;
  visa_issue_date: string | null;
  visa_expire_date: string | null;
  flight_schedule_date: TimestampOrNull;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When it entered its status; null while in the status it was created in (then created_at). */
  status_changed_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  comment_count: ColumnType<number, number | undefined, number>;
}

export interface PassportCommentsTable {
  id: Generated<number>;
  passport_id: number;
  user_id: number | null;
  role: string;
  body: string;
  at: Timestamp;
}

export interface PassportDocumentsTable extends StoredFileColumns {
  id: Generated<number>;
  passport_id: number;
}

export interface PassportEventsTable {
  id: Generated<number>;
  passport_id: number;
  user_id: number | null;
  at: Timestamp;
  kind: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  family_expires_at: Timestamp;
  used_at: TimestampOrNull;
  revoked_at: TimestampOrNull;
}

/** Counters kept by migration 0005's triggers (server/passports/list/counts.ts reads them). */
export interface PassportCountsTable {
  status: string;
  agent_id: number;
  agent_name: string;
  /** The admin's id, 0 for none. */
  admin_key: number;
  visa_type: string;
  n: ColumnType<number | string, number, number>;
}

/** Per status and agent: the passports, and how many of them have each milestone (migration 0007). */
export interface PassportMilestoneCountsTable {
  status: string;
  agent_id: number;
  n: ColumnType<number | string, number, number>;
  is_work_permit_approved: ColumnType<number | string, number, number>;
  is_gadget_published: ColumnType<number | string, number, number>;
  is_visa_applied: ColumnType<number | string, number, number>;
  is_visa_granted: ColumnType<number | string, number, number>;
  is_bmet_approved: ColumnType<number | string, number, number>;
  is_flight_scheduled: ColumnType<number | string, number, number>;
}

export interface PassportSlotCountsTable {
  status: string;
  slot_id: number;
  agent_id: number;
  n: ColumnType<number | string, number, number>;
}

export interface PassportBlockCountsTable {
  status: string;
  /** id >> 10 */
  block: number;
  n: ColumnType<number | string, number, number>;
}

/** Failed sign-ins per key ("user:<lower-case username>" or "address:<ip>") in the current window. */
export interface SignInThrottleTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
}

/** One sign-in; its id is the access tokens' `sid` and the refresh-token family's id. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  ended_at: TimestampOrNull;
  end_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  at: Timestamp;
  kind: string;
  user_id: number | null;
  username: string | null;
  actor_id: number | null;
  actor_username: string | null;
  ip_address: string | null;
  user_agent: string | null;
  session_id: string | null;
  details: string | null;
}

/** A create, update or delete of a declared resource's record (migration 0015; server/resources/history.ts). */
export interface RecordHistoryTable {
  id: Generated<number>;
  /** The declaration's name. */
  resource: string;
  record_id: number;
  at: Timestamp;
  user_id: number | null;
  /** The user's name when they made the change. */
  username: string | null;
  action: "created" | "updated" | "deleted";
  /** JSON: [{field, from, to}], values as the API sends them (a file by its name). */
  changes: string;
  /** The file a spreadsheet import created the record from (migration 0018); null for other writes. */
  imported_from: ColumnType<string | null, string | null | undefined, never>;
}

/** The file of a declared resource's file field (migration 0015; server/resources/files.ts). */
export interface RecordFilesTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  field: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  /** The file, or an empty blob when `object_key` names the object holding it (migration 0020). */
  bytes: Buffer;
  /** The object in STORAGE_URL's bucket holding the file (docs/storage.md); null when `bytes` holds it. */
  object_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface DB extends DeclaredDB {
  record_history: RecordHistoryTable;
  record_files: RecordFilesTable;
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_files: UserFilesTable;
  passports: PassportsTable;
  passport_documents: PassportDocumentsTable;
  passport_events: PassportEventsTable;
  passport_comments: PassportCommentsTable;
  refresh_tokens: RefreshTokensTable;
  passport_counts: PassportCountsTable;
  passport_slot_counts: PassportSlotCountsTable;
  passport_milestone_counts: PassportMilestoneCountsTable;
  passport_block_counts: PassportBlockCountsTable;
  sign_in_throttle: SignInThrottleTable;
  sessions: SessionsTable;
  security_events: SecurityEventsTable;
}

/** Shapes of the records the server answers (spec §3). */
import type { AttentionItem, DocumentReplyKey, MaritalStatus, MilestoneField, PassportStatus, Role, SecurityEventKind, VisaType } from "./enums";

export interface Passport {
  id: number;
  fullName: string;
  passportNo: string;
  fathersName: string;
  mothersName: string;
  schooling: string;
  maritalStatus: MaritalStatus;
  telephone: string;
  agentId: number;
  agentName: string;
  adminId: number | null;
  contractAmount: number;
  passportIssueDate: string;
  passportExpireDate: string;
  dob: string;
  age: number;
  visaType: VisaType;
  slot: string;
  /** The status; a plain string because other backends send compound values. */
  isSuperAdminApproved: string;
  commentByAdmin: string | null;
  commentBySuperAdmin: string | null;
  isWorkPermitApproved: boolean;
  isGadgetPublished: boolean;
  isVisaApplied: boolean;
  isVisaGranted: boolean;
  isBMETApproved: boolean;
  isFlightScheduled: boolean;
  visaIssueDate: string | null;
  visaExpireDate: string | null;
  visaRemainingDays: number | null;
  /** ISO 8601 date-time. */
  flightScheduleDate: string | null;
  createdAt: string;
  updatedAt: string;
  /** Ours: when the passport entered its current status (ISO 8601). */
  statusChangedAt?: string;
  /** Ours: how many comments its thread holds, of every role. */
  commentCount?: number;
}

/** Ours: one entry of a passport's history (GET /api/passport/{id}/events). */
export interface PassportEventRecord {
  id: number;
  /** ISO 8601. */
  at: string;
  kind: "CREATE" | "EDIT" | "DOCUMENT" | "STATUS" | "MILESTONE" | "DATE" | "COMMENT";
  /** The passport field changed (contract name), or the document's field; null for CREATE. */
  field: string | null;
  /** As text: "true"/"false" for milestones, the file name for documents. */
  oldValue: string | null;
  newValue: string | null;
  userId: number | null;
  /** null when the account has been deleted. */
  username: string | null;
}

/** Ours: one comment of a passport's thread (GET /api/passport/{id}/comments), oldest first. */
export interface PassportComment {
  id: number;
  role: Extract<Role, "ADMIN" | "SUPER_ADMIN">;
  text: string;
  /** ISO 8601. */
  at: string;
  userId: number | null;
  username: string | null;
}

/**
 * Ours: passports needing attention, per status, and the list query parameters that list exactly
 * them (with the status, and the agent when one is chosen).
 */
export interface AttentionCount {
  byStatus: Partial<Record<PassportStatus, number>>;
  total: number;
  filter: Record<string, string>;
}

/** Ours: GET /api/passport/overview, within the caller's passports (an agent's own), or one agent's. */
export interface PassportOverview {
  /** The server's calendar day the counts were taken on (YYYY-MM-DD). */
  today: string;
  agentId: number | null;
  byStatus: Record<PassportStatus, number>;
  /** REVIEWED passports with each milestone Done. */
  reviewedMilestones: Record<MilestoneField, number>;
  /** APPROVED and REJECTED since the first of the month, and the list filter that lists them. */
  decidedThisMonth: { approved: number; rejected: number; filter: Record<string, string> };
  attention: Record<AttentionItem, AttentionCount>;
}

export interface AttachmentFile {
  contentType: string;
  /** base64 */
  data: string;
  fileName: string;
}

export type Attachments = Record<DocumentReplyKey, AttachmentFile | null>;

export interface UserFile extends AttachmentFile {
  size: number;
}

export interface User {
  id: number;
  username: string;
  contactNumber: string;
  email: string;
  address: string;
  emergencyContactNumber: string;
  nidNo: string;
  passportNo: string;
  roles: { name: Role }[];
  /** Ours: false while a super admin has disabled the account (it cannot sign in). Other backends may leave it out. */
  enabled?: boolean;
  /** Present on GET /auth/get-user/{id}; lists leave files out. */
  passportPdf?: UserFile | null;
  nidPdf?: UserFile | null;
}

export interface AgentOption {
  id: number;
  username: string;
}

export interface Slot {
  id: number;
  slotName: string;
}

/** Claims of the access token (spec §3 "Session user"; `sid` is ours, the session it belongs to). */
export interface TokenClaims {
  userId: number;
  sub: string;
  roles: Role[];
  sid: string;
  exp: number;
}

/** One of the caller's sessions (GET /auth/sessions): a sign-in on some browser, still active. */
export interface SessionInfo {
  id: string;
  /** ISO 8601 date-times. */
  createdAt: string;
  lastUsedAt: string;
  ipAddress: string | null;
  /** A readable name of the browser and system ("Chrome 126 on Windows"), from the User-Agent. */
  browser: string;
  /** The session this request was made with. */
  current: boolean;
}

/** A row of the security log (GET /auth/security-events). */
export interface SecurityEvent {
  id: number;
  /** ISO 8601 date-time. */
  at: string;
  kind: SecurityEventKind;
  /** The account the event is about; for a failed sign-in with an unknown name, only the name tried. */
  userId: number | null;
  username: string | null;
  /** Who did it, when that is someone else (a super admin disabling an account). */
  actorUsername: string | null;
  ipAddress: string | null;
  browser: string | null;
  details: string | null;
}

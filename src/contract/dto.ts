/** Shapes of the records the server answers (spec §3). */
import type { DocumentReplyKey, MaritalStatus, Role, VisaType } from "./enums";

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

/** Claims of the access token (spec §3 "Session user"). */
export interface TokenClaims {
  userId: number;
  sub: string;
  roles: Role[];
  exp: number;
}

/** Enumerations shared by the app and the server (spec §3, §4). */

/** The app's languages (ours, issue 28): a user's `language` preference, and the optional `language` of sign-in. */
export const LANGUAGES = ["en", "bn"] as const;
export type Language = (typeof LANGUAGES)[number];

export const ROLES = ["AGENT", "ADMIN", "SUPER_ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/** Roles a super admin may hand out (spec §1: "assign a role of AGENT or ADMIN"). */
export const ASSIGNABLE_ROLES = ["AGENT", "ADMIN"] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * Values of `isSuperAdminApproved`. Our server only ever writes these five; other backends may
 * answer compound values containing "BY" (e.g. "REJECTED_BY_ADMIN"), which the app displays as "-BY-".
 */
export const PASSPORT_STATUSES = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"] as const;
export type PassportStatus = (typeof PASSPORT_STATUSES)[number];

export const MARITAL_STATUSES = ["Single", "Married", "Divorced", "Widowed"] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const VISA_TYPES = ["WORKVISA", "VISITVISA", "STUDENTVISA"] as const;
export type VisaType = (typeof VISA_TYPES)[number];

/** The eight passport documents: multipart field name, reply key (§3) and label (§2). */
export const DOCUMENT_KINDS = [
  { field: "educational", replyKey: "educationalCertificatePDF", label: "Educational Certificate", uploadLabel: "Educational Certificates" },
  { field: "recentPic", replyKey: "recentPicWithWhiteBackgroundPDF", label: "Recent Picture", uploadLabel: "Photo", imagesOnly: true },
  { field: "policeClearence", replyKey: "policeClearencePDF", label: "Police Clearance", uploadLabel: "Police Clearance" },
  { field: "passport", replyKey: "passportPDF", label: "Passport", uploadLabel: "Passport Copy" },
  { field: "nid", replyKey: "nidPDF", label: "NID", uploadLabel: "NID Copy" },
  { field: "utilityBill", replyKey: "utilityBillPDF", label: "Utility Bill", uploadLabel: "Utility Bill" },
  { field: "bankStatement", replyKey: "bankStatementPDF", label: "Bank Statement", uploadLabel: "Bank Statement" },
  { field: "experienceLetter", replyKey: "experienceLetterPDF", label: "Experience Letter", uploadLabel: "Experience Letter" },
] as const;
export type DocumentField = (typeof DOCUMENT_KINDS)[number]["field"];
export type DocumentReplyKey = (typeof DOCUMENT_KINDS)[number]["replyKey"];
export const DOCUMENT_FIELDS = DOCUMENT_KINDS.map((d) => d.field) as DocumentField[];

/** The two files a user record may carry (spec §3 User). */
export const USER_FILE_FIELDS = ["passport", "nid"] as const;
export type UserFileField = (typeof USER_FILE_FIELDS)[number];

/** Content types accepted for every upload (spec §9: png, jpg, jpeg, pdf). */
export const UPLOAD_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** Progress milestones: URL segment (§7), passport field (§3) and update kind (§4). */
export const MILESTONES = [
  { segment: "work-permit-approval-status", field: "isWorkPermitApproved", kind: "WORK_PERMIT", label: "Work Permit" },
  { segment: "gadget-publication-status", field: "isGadgetPublished", kind: "GADGET_PUBLISHED", label: "Gadget Published" },
  { segment: "visa-applied-status", field: "isVisaApplied", kind: "VISA_APPLIED", label: "Visa Applied" },
  { segment: "visa-granted-status", field: "isVisaGranted", kind: "VISA_GRANTED", label: "Visa Granted" },
  { segment: "bmet-approval-status", field: "isBMETApproved", kind: "BMET_APPROVAL", label: "BMET Approved" },
  { segment: "flight-scheduled-status", field: "isFlightScheduled", kind: "FLIGHT_SCHEDULED", label: "Flight Scheduled" },
] as const;
export type MilestoneSegment = (typeof MILESTONES)[number]["segment"];
export type MilestoneField = (typeof MILESTONES)[number]["field"];

/** Date updates (§7): URL action, passport field and body key. */
export const DATE_UPDATES = [
  { action: "update-visa-issue-date", field: "visaIssueDate", kind: "VISA_ISSUE_DATE" },
  { action: "update-visa-expire-date", field: "visaExpireDate", kind: "VISA_EXPIRY_DATE" },
  { action: "update-flight-schedule-date", field: "flightScheduleDate", kind: "FLIGHT_SCHEDULED" },
] as const;
export type DateUpdateAction = (typeof DATE_UPDATES)[number]["action"];
export type DateField = (typeof DATE_UPDATES)[number]["field"];

/** Ours: the overview's "Needs attention" items (GET /api/passport/overview). */
export const ATTENTION_ITEMS = ["visaExpiring", "passportExpiring", "flightsSoon", "waitingLong"] as const;
export type AttentionItem = (typeof ATTENTION_ITEMS)[number];
/**
 * Kinds of the security log (issue 11): sign-ins, lockouts, sessions ended, password changes and
 * accounts disabled or enabled. The label is what the Security Log screen shows.
 */
export const SECURITY_EVENT_KINDS = [
  { kind: "SIGN_IN_SUCCEEDED", label: "Signed in" },
  { kind: "SIGN_IN_FAILED", label: "Sign-in failed" },
  { kind: "ACCOUNT_LOCKED", label: "Sign-in locked" },
  { kind: "SESSION_ENDED", label: "Session ended" },
  { kind: "SESSIONS_REVOKED", label: "Sessions revoked" },
  { kind: "REFRESH_TOKEN_REUSED", label: "Refresh token reused" },
  { kind: "PASSWORD_CHANGED", label: "Password changed" },
  { kind: "PASSWORD_CHANGE_FAILED", label: "Password change failed" },
  { kind: "PASSWORD_CHANGE_LOCKED", label: "Password change locked" },
  { kind: "ACCOUNT_DISABLED", label: "Account disabled" },
  { kind: "ACCOUNT_ENABLED", label: "Account enabled" },
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number]["kind"];
export const SECURITY_EVENT_KIND_NAMES = SECURITY_EVENT_KINDS.map((k) => k.kind) as [SecurityEventKind, ...SecurityEventKind[]];

/**
 * Shapes of the records the server answers (spec §3), as types. Each is the output of its schema in
 * replies.ts, which the server documents and writes its replies by (docs/api.md): what a field means
 * is said there. Imported as types only, so the app's bundle carries no schema.
 */
import type { z } from "zod";
import type { Role } from "./enums";
import type {
  agentOptionSchema,
  attachmentFileSchema,
  attachmentsSchema,
  attentionCountSchema,
  importIssueSchema,
  importReportSchema,
  passportCommentSchema,
  passportEventSchema,
  passportOverviewSchema,
  passportSchema,
  securityEventSchema,
  sessionInfoSchema,
  slotSchema,
  userFileSchema,
  userSchema,
} from "./replies";

export type Passport = z.output<typeof passportSchema>;
/** Ours: one entry of a passport's history (GET /api/passport/{id}/events). */
export type PassportEventRecord = z.output<typeof passportEventSchema>;
/** Ours: one comment of a passport's thread (GET /api/passport/{id}/comments), oldest first. */
export type PassportComment = z.output<typeof passportCommentSchema>;
/** Ours: passports needing attention, per status, and the list query parameters that list exactly them. */
export type AttentionCount = z.output<typeof attentionCountSchema>;
/** Ours: GET /api/passport/overview, within the caller's passports (an agent's own), or one agent's. */
export type PassportOverview = z.output<typeof passportOverviewSchema>;
export type AttachmentFile = z.output<typeof attachmentFileSchema>;
export type Attachments = z.output<typeof attachmentsSchema>;
export type UserFile = z.output<typeof userFileSchema>;
export type User = z.output<typeof userSchema>;
export type AgentOption = z.output<typeof agentOptionSchema>;
export type Slot = z.output<typeof slotSchema>;
/** One of the caller's sessions (GET /auth/sessions): a sign-in on some browser, still active. */
export type SessionInfo = z.output<typeof sessionInfoSchema>;
/** A row of the security log (GET /auth/security-events). */
export type SecurityEvent = z.output<typeof securityEventSchema>;

/** Ours (issue 27): what an import of a spreadsheet found or did, row by row (POST /api/passport/import). */
export type ImportReport = z.output<typeof importReportSchema>;
/** One message about one cell of an imported file; `row` as numbered in the file (the header is row 1). */
export type ImportIssue = z.output<typeof importIssueSchema>;

/** Claims of the access token (spec §3 "Session user"; `sid` is ours, the session it belongs to). */
export interface TokenClaims {
  userId: number;
  sub: string;
  roles: Role[];
  sid: string;
  exp: number;
}

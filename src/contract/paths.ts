/**
 * Endpoint paths of spec §7, written as route patterns (":id"). The server registers these patterns;
 * the app fills them with `fillPath`.
 */
export const PATHS = {
  // auth and users
  login: "/auth/login",
  refresh: "/",
  logout: "/auth/logout",
  signup: "/auth/signup",
  assignRole: "/api/admin/assign-role/user/:userId",
  updateUser: "/auth/update-user/:userId",
  deleteUser: "/auth/delete-user/:userId",
  forgotPassword: "/auth/forgot-password",
  getUser: "/auth/get-user/:id",
  allAgents: "/auth/get-all-agents",
  allAgentsAndAdmins: "/auth/get-all-agents-and-admins",
  /** Ours: the spec does not show the user-list path. */
  allUsers: "/auth/get-all-users",

  // sessions and the security log (ours, issue 11; docs/access.md)
  sessions: "/auth/sessions",
  /** DELETE: ends every session of the caller but the current one ("Sign out everywhere else"). */
  otherSessions: "/auth/sessions",
  session: "/auth/sessions/:sessionId",
  revokeSessions: "/auth/revoke-sessions/:userId",
  setUserEnabled: "/auth/set-user-enabled/:userId/:enabled",
  changePassword: "/auth/change-password",
  /** PUT (ours, issue 28): the caller's language preference. */
  language: "/auth/language",
  securityEvents: "/auth/security-events",

  // passport lists
  pendingPassports: "/api/passport/get-pending-passports",
  reviewedPassports: "/api/passport/get-reviewed-passports",
  approvedPassports: "/api/passport/get-approved-passports",
  rejectedPassports: "/api/passport/get-rejected-passports",
  completedPassports: "/api/passport/get-completed-passports",
  pendingAndReviewedPassports: "/api/passport/get-pending-and-reviewed-passports",
  history: "/api/passport/get-history",
  filterHistory: "/api/passport/filter-history",
  filter: "/api/passport/filter",
  filterAgentSpecific: "/api/passport/filter-agent-specific-passports/:agentId",
  agentPassports: "/api/passport/get-agent-passports/:agentId",
  agentPendingPassports: "/api/passport/get-agent-pending-passports/:agentId",
  agentApprovedPassports: "/api/passport/get-agent-approved-passports/:agentId",
  agentRejectedPassports: "/api/passport/get-agent-rejected-passports/:agentId",
  agentPendingAndReviewedPassports: "/api/passport/get-agent-pending-and-reviewed-passports/:agentId",
  /** Ours: one agent's REVIEWED and COMPLETED passports (the agent's "In Progress" list). */
  agentInProgressPassports: "/api/passport/get-agent-in-progress-passports/:agentId",
  attachments: "/api/passport/:id/get-attachments",

  // ours: the overview and a passport's file
  overview: "/api/passport/overview",
  passport: "/api/passport/:id",
  passportEvents: "/api/passport/:id/events",
  passportComments: "/api/passport/:id/comments",

  // passport writes and workflow
  addPassport: "/api/passport/add",
  updatePassport: "/api/passport/:id/update",
  review: "/api/passport/:id/review",
  rejectByAdmin: "/api/passport/:id/reject-by-admin",
  commentByAdmin: "/api/passport/:id/comment-by-admin",
  commentBySuperAdmin: "/api/passport/:id/comment-by-super-admin",
  approve: "/api/passport/:id/approve",
  rejectBySuperAdmin: "/api/passport/:id/reject-by-super-admin",
  milestone: "/api/passport/:id/:segment/:status",
  visaIssueDate: "/api/passport/:id/update-visa-issue-date",
  visaExpireDate: "/api/passport/:id/update-visa-expire-date",
  flightScheduleDate: "/api/passport/:id/update-flight-schedule-date",
  completePassport: "/api/passport/:id/complete-passport",

  // ours: passports from a spreadsheet (issue 27; docs/import.md)
  passportImportTemplate: "/api/passport/import-template",
  passportImport: "/api/passport/import",

  // slots
  addSlot: "/slot/add-slot",
  updateSlot: "/slot/update-slot-by-id/:id",
  deleteSlot: "/slot/delete-slot-by-id/:id",
  allSlots: "/slot/get-all-slots",
} as const;
export type PathName = keyof typeof PATHS;

/** Prefixes that belong to the API; every other GET is the web app's (index.html). */
export const API_PREFIXES = ["/api/", "/auth/", "/slot/"] as const;

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

/** "/api/passport/:id/review" + {id: 7} → "/api/passport/7/review" (values URL-encoded). */
export function fillPath(pattern: string, params: Record<string, string | number | boolean>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`Missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(params[name]));
  });
}

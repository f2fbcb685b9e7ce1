/**
 * Issue 28: the server's messages the app knows, by a stable code. The envelope's `errorMessage` stays
 * English (the contract); an error reply whose message is one of these adds `errorCode` (additive), and
 * the app shows the code's text in the user's language (src/i18n/messages.ts), else the server's words.
 * Codes never change once published; messages may be reworded here only together with the spec.
 */
export const ERROR_TEXTS = {
  passportNotFound: "Passport not found",
  userNotFound: "User not found",
  sessionNotFound: "Session not found",
  ownPassportsOnly: "You may only see your own passports",
  ownSessionsOnly: "You may only sign out your own sessions",
  ownAccountOnly: "You may only see your own account",
  cannotDisableSelf: "You cannot disable your own account",
  cannotDeleteSelf: "You cannot delete your own account",
  superAdminRoleFixed: "A super admin's role cannot be changed",
  concurrentChange: "The passport was changed by someone else at the same time; please try again",
  valueInUse: "That value is already in use",
  recordInUse: "The record is still in use",
  uploadTooLarge: "The upload is too large",
  internal: "Internal server error",
  // Signing in and sessions (server/routes/auth.ts, server/auth/access.ts; sessionEndedMessage's fixed texts).
  invalidCredentials: "Invalid username or password",
  accountDisabled: "Your account has been disabled. Please contact your super admin.",
  serverBusy: "The server is busy signing in other users; please try again in a moment",
  sessionExpired: "Session expired, please sign in again",
  authenticationRequired: "Authentication required",
  invalidToken: "Invalid or expired token",
  notAllowed: "You are not allowed to do this",
  sessionEnded: "Your session has ended. Please sign in again.",
  signedOutHere: "You signed out of this session. Please sign in again.",
  signedOutElsewhere: "This session was signed out from another browser. Please sign in again.",
  revokedBySuperAdmin: "A super admin signed you out. Please sign in again.",
  passwordChanged: "Your password was changed, which signed out your other sessions. Please sign in again.",
  roleChanged: "Your role was changed. Please sign in again.",
  sessionTokenReused:
    "Your session was ended because its sign-in token was used twice, which can mean it was stolen. Please sign in again.",
  // Requests and uploads.
  invalidRequest: "Invalid request",
  tooManyUploadParts: "Too many parts in the upload",
  tooManyDownloads: "Too many attachment downloads at once; please wait for one to finish",
  // The spreadsheet imports (server/import).
  importChooseFile: "Choose a CSV or Excel (.xlsx) file to import",
  importFileEmpty: "The file is empty",
  importNoHeader: "The file is empty: its first row must be the header, the column names",
  importNoRows: "The file has no data rows: row 1 is the header, and the rows to import start on row 2",
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;

const CODES = new Map<string, ErrorCode>(Object.entries(ERROR_TEXTS).map(([code, text]) => [text, code as ErrorCode]));

/** The code of a known message, for the envelope's `errorCode`. */
export const errorCodeOf = (message: string): ErrorCode | undefined => CODES.get(message);

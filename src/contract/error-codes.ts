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
} as const;

export type ErrorCode = keyof typeof ERROR_TEXTS;

const CODES = new Map<string, ErrorCode>(Object.entries(ERROR_TEXTS).map(([code, text]) => [text, code as ErrorCode]));

/** The code of a known message, for the envelope's `errorCode`. */
export const errorCodeOf = (message: string): ErrorCode | undefined => CODES.get(message);

/** Validation messages of spec §5, word for word, and a few of ours at the end. */
export const MSG = {
  required: "Required",
  fullName: "Full Name is required",
  passportNo: "Passport Number is required",
  fathersName: "Father's name must be at least 3 characters long",
  mothersName: "Mother's name must be at least 3 characters long",
  schooling: "Schooling is required",
  telephone: "Enter a valid Bangladeshi phone number",
  agentId: "Agent is required",
  contractAmount: "Contract Amount is required",
  passportIssueDate: "Passport issue date must be a valid date",
  passportExpireDate: "Passport expiry date must be a valid date",
  dobRequired: "Date of birth is required",
  dobAge: "Your age must be at least 18 years old. Please enter a valid date of birth.",
  oneFile: "Only one file is allowed",
  slot: "Slot is required",

  agentRole: "Agent role is required",
  username: "Username is required",
  contactNumber: "Enter a valid Bangladeshi contact number",
  email: "Enter valid email address",
  password: "Password must be at least 6 characters",
  address: "Address is required",
  nidNo: "NID Number is required",
  userPassportNo: "Passport Number is required",
  invalidFileFormat: "Invalid file format",
  unsupportedFileType: "Unsupported file type",

  updateContactNumber: "Please enter a valid Bangladeshi contact number starting with 01 followed by 9 digits.",
  updateEmergencyContactNumber:
    "Please enter a valid Bangladeshi emergency contact number starting with 01 followed by 9 digits.",
  updateEmail: "Invalid email address",

  signInUsername: "Enter your username",
  signInPassword: "Password is required",

  // Ours: change password (profile page).
  currentPassword: "Enter your current password",
  wrongCurrentPassword: "The current password is not correct",
  samePassword: "The new password must differ from the current one",

  slotName: "Enter Slot Number",

  // Ours: limits of what the database stores, which the spec does not reach.
  contractAmountTooLarge: "Contract Amount must be at most 2147483647",
  nulCharacter: "Must not contain the NUL character",

  // Ours: the passport rules the spec leaves unshown (docs/access.md "Workflow rules").
  passportNoTaken: "A passport with this number already exists",
  passportExpiryAfterIssue: "Passport expiry date must be after the issue date",
  commentRequired: "Write a comment",
} as const;

/** Ours: a typed value longer than its field takes. */
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;

/** Why a session ended (ours, issue 11); the server's 401 says it in words (sessionEndedMessage). */
export const SESSION_END_REASONS = [
  "logout",
  "signed-out",
  "revoked",
  "password-changed",
  "role-changed",
  "disabled",
  "idle",
  "max-age",
  "reuse",
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** 1800 → "30 minutes", 43200 → "12 hours", 90 → "90 seconds". */
export function durationText(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0 ? [seconds / 3600, "hour"] : seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/**
 * What the 401 of an ended session says, so the app can tell the user why they are back at sign-in.
 * `limits` are the server's idle and maximum session lengths, in seconds.
 */
export function sessionEndedMessage(reason: string | null, limits: { idleSeconds: number; maxAgeSeconds: number }): string {
  switch (reason as SessionEndReason | null) {
    case "idle":
      return `Your session ended after ${durationText(limits.idleSeconds)} without activity. Please sign in again.`;
    case "max-age":
      return `Your session ended ${durationText(limits.maxAgeSeconds)} after you signed in. Please sign in again.`;
    case "logout":
      return "You signed out of this session. Please sign in again.";
    case "signed-out":
      return "This session was signed out from another browser. Please sign in again.";
    case "revoked":
      return "A super admin signed you out. Please sign in again.";
    case "password-changed":
      return "Your password was changed, which signed out your other sessions. Please sign in again.";
    case "role-changed":
      return "Your role was changed. Please sign in again.";
    case "disabled":
      return ACCOUNT_DISABLED_MESSAGE;
    case "reuse":
      return "Your session was ended because its sign-in token was used twice, which can mean it was stolen. Please sign in again.";
    default:
      return "Your session has ended. Please sign in again.";
  }
}

export const ACCOUNT_DISABLED_MESSAGE = "Your account has been disabled. Please contact your super admin.";

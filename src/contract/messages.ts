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

  slotName: "Enter Slot Number",

  // Ours: limits of what the database stores, which the spec does not reach.
  contractAmountTooLarge: "Contract Amount must be at most 2147483647",
  nulCharacter: "Must not contain the NUL character",

  // Ours: the passport rules the spec leaves unshown (docs/access.md "Workflow rules").
  passportNoTaken: "A passport with this number already exists",
  passportExpiryAfterIssue: "Passport expiry date must be after the issue date",
  commentRequired: "Write a comment",
} as const;

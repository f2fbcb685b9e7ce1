/** Maps user rows to the contract's User (spec §3). The password hash is never selected for a reply. */
import type { Role, User, UserFile, UserFileField } from "../../src/contract";

/** The columns a reply may carry: everything but the password hash. */
export const USER_COLUMNS = [
  "id",
  "username",
  "email",
  "contact_number",
  "emergency_contact_number",
  "address",
  "nid_no",
  "passport_no",
  "disabled_at",
] as const;

export interface UserRow {
  id: number;
  username: string;
  email: string;
  contact_number: string;
  emergency_contact_number: string;
  address: string;
  nid_no: string;
  passport_no: string;
  disabled_at: unknown;
}

export interface UserFileRow {
  kind: string;
  file_name: string;
  content_type: string;
  size: number;
  bytes: Buffer;
}

/** Reply key of each stored user file kind (the multipart field name is the kind). */
const FILE_KEYS: Record<UserFileField, "passportPdf" | "nidPdf"> = { passport: "passportPdf", nid: "nidPdf" };

const toUserFile = (row: UserFileRow): UserFile => ({
  data: Buffer.from(row.bytes).toString("base64"),
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
});

/** A user; with `files` (GET get-user) the two file keys are present, null when nothing is stored. */
export function toUser(row: UserRow, roles: Role[], files?: UserFileRow[]): User {
  const user: User = {
    id: row.id,
    username: row.username,
    contactNumber: row.contact_number,
    email: row.email,
    address: row.address,
    emergencyContactNumber: row.emergency_contact_number,
    nidNo: row.nid_no,
    passportNo: row.passport_no,
    roles: roles.map((name) => ({ name })),
    enabled: row.disabled_at === null || row.disabled_at === undefined,
  };
  if (files) {
    for (const [kind, key] of Object.entries(FILE_KEYS)) {
      const file = files.find((f) => f.kind === kind);
      user[key] = file ? toUserFile(file) : null;
    }
  }
  return user;
}

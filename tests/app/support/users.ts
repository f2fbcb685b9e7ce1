import type { User } from "../../../src/contract";

/** A stored agent as GET /auth/get-user answers it: a NID scan stored, no passport scan. */
export const storedUser: User = {
  id: 12,
  username: "rahim",
  contactNumber: "01712345678",
  email: "rahim@example.com",
  address: "Dhaka",
  emergencyContactNumber: "01812345678",
  nidNo: "1990123456",
  passportNo: "EB1234567",
  roles: [{ name: "AGENT" }],
  passportPdf: null,
  nidPdf: { fileName: "nid.png", contentType: "image/png", data: "iVBORw0KGgo=", size: 8 },
};

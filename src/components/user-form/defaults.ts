import { ASSIGNABLE_ROLES, type AssignableRole, type User } from "../../contract";
import type { UserFormInput } from "./schema";

/** The user's AGENT or ADMIN role, if they hold one (a super admin holds neither). */
export function assignableRoleOf(user: Partial<User> | undefined): AssignableRole | undefined {
  const names = user?.roles?.map((r) => r.name) ?? [];
  return ASSIGNABLE_ROLES.find((role) => names.includes(role));
}

/** Form values for a new user, or the stored user being edited (files as their stored names). */
export function userFormDefaults(user?: Partial<User>): UserFormInput {
  return {
    username: user?.username ?? "",
    contactNumber: user?.contactNumber ?? "",
    email: user?.email ?? "",
    password: "",
    address: user?.address ?? "",
    emergencyContactNumber: user?.emergencyContactNumber ?? "",
    nidNo: user?.nidNo ?? "",
    passportNo: user?.passportNo ?? "",
    // A super admin holds no assignable role: the (disabled) select still shows the role they hold.
    agentrole: assignableRoleOf(user) ?? user?.roles?.[0]?.name,
    passport: user?.passportPdf?.fileName ?? undefined,
    nid: user?.nidPdf?.fileName ?? undefined,
  };
}

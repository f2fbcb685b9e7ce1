import type { Passport } from "../../../src/contract";

/** A passport record as the server sends it; `n` makes names and numbers unique. */
export function fakePassport(n: number, overrides: Partial<Passport> = {}): Passport {
  return {
    id: n,
    fullName: `Worker ${n}`,
    passportNo: `BX${String(n).padStart(6, "0")}`,
    fathersName: `Father ${n}`,
    mothersName: `Mother ${n}`,
    schooling: "SSC",
    maritalStatus: "Single",
    telephone: "01712345678",
    agentId: 3,
    agentName: "agent",
    adminId: 2,
    contractAmount: 1000,
    passportIssueDate: "2022-01-10",
    passportExpireDate: "2032-01-09",
    dob: "1995-05-05",
    age: 30,
    visaType: "WORKVISA",
    slot: "SLOT-2026-01",
    isSuperAdminApproved: "REVIEWED",
    commentByAdmin: null,
    commentBySuperAdmin: null,
    isWorkPermitApproved: false,
    isGadgetPublished: false,
    isVisaApplied: false,
    isVisaGranted: false,
    isBMETApproved: false,
    isFlightScheduled: false,
    visaIssueDate: null,
    visaExpireDate: null,
    visaRemainingDays: null,
    flightScheduleDate: null,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    ...overrides,
  };
}

/** A page reply's `replyMessage` holding rows `from`..`from+count-1`. */
export function pageOf(from: number, count: number, totalElements: number, overrides: Partial<Passport> = {}) {
  const content = Array.from({ length: count }, (_, i) => fakePassport(from + i, overrides));
  return { content, totalElements, totalPages: Math.ceil(totalElements / Math.max(count, 1)), page: 0, size: count };
}

/** Every milestone Done and the visa and flight dates set: what "Mark as Done" waits for (docs/access.md). */
export const READY_TO_COMPLETE: Partial<Passport> = {
  isWorkPermitApproved: true,
  isGadgetPublished: true,
  isVisaApplied: true,
  isVisaGranted: true,
  isBMETApproved: true,
  isFlightScheduled: true,
  visaIssueDate: "2026-01-15",
  visaExpireDate: "2027-01-14",
  flightScheduleDate: "2026-03-01T04:30:00.000Z",
};

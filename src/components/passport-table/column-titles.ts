import { MILESTONES, type MilestoneField } from "../../contract/enums";
import type { PassportColumnId } from "../../resources/passport-columns";

/** Column titles (spec §2); those of the searchable ones are also the filter chips' names. */
export const PASSPORT_COLUMN_TITLES: Record<PassportColumnId, string> = {
  serial: "SL",
  fullName: "Full Name",
  passportNo: "Passport No",
  fathersName: "Father's Name",
  mothersName: "Mother's Name",
  passportIssueDate: "Passport Issue Date",
  passportExpireDate: "Passport Expire Date",
  dob: "Date of Birth",
  age: "Age",
  schooling: "Schooling",
  maritalStatus: "Marital Status",
  telephone: "Phone",
  contractAmount: "Contract Amount (BDT)",
  agentName: "Agent Name",
  slot: "Slot",
  visaType: "Visa Type",
  attachments: "Attachments",
  status: "Status",
  commentByAdmin: "Comment",
  commentBySuperAdmin: "Comment",
  ...(Object.fromEntries(MILESTONES.map((m) => [m.field, m.label])) as Record<MilestoneField, string>),
  visaIssueDate: "Visa Issue Date",
  visaExpireDate: "Visa Expiry Date",
  visaRemainingDays: "Visa Remaining Days",
  flightScheduleDate: "Flight Schedule Date",
};

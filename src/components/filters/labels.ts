import { MILESTONES, PASSPORT_DATE_RANGE_KEYS } from "../../contract";
import { formatDate } from "../../format";

/** Chip labels of the passport filter keys (spec §2 text columns, plus status on the history table). */
export const PASSPORT_FILTER_LABELS: Record<string, string> = {
  fullName: "Full Name",
  passportNo: "Passport No",
  telephone: "Phone",
  agentName: "Agent Name",
  slot: "Slot",
  visaType: "Visa Type",
  isSuperAdminApproved: "Status",
  // Ours: the extra filters the Overview's counts open their lists with.
  visaExpireFrom: "Visa expires from",
  visaExpireTo: "Visa expires by",
  passportExpireFrom: "Passport expires from",
  passportExpireTo: "Passport expires by",
  flightFrom: "Flight from",
  flightTo: "Flight by",
  statusChangedFrom: "Entered this status from",
  statusChangedTo: "Entered this status by",
  ...Object.fromEntries(MILESTONES.map((m) => [m.field, m.label])),
};

const DATE_KEYS = new Set<string>(PASSPORT_DATE_RANGE_KEYS);
const MILESTONE_KEYS = new Set<string>(MILESTONES.map((m) => m.field));

/** A filter's value on its chip: dates as the tables show them, milestones as Done / Processing. */
export function passportFilterValue(key: string, value: string): string {
  if (DATE_KEYS.has(key)) return formatDate(value);
  if (MILESTONE_KEYS.has(key)) return value === "true" ? "Done" : "Processing";
  return value;
}

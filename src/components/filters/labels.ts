/** Chip labels of the passport filter keys (spec §2 text columns, plus status on the history table). */
export const PASSPORT_FILTER_LABELS: Record<string, string> = {
  fullName: "Full Name",
  passportNo: "Passport No",
  telephone: "Phone",
  agentName: "Agent Name",
  slot: "Slot",
  visaType: "Visa Type",
  isSuperAdminApproved: "Status",
};

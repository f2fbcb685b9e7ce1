import { MILESTONES, PASSPORT_DATE_RANGE_KEYS } from "../../contract";
import { formatDate } from "../../format";
import { localDigits } from "../../i18n/digits";
import { currentLanguage, t } from "../../i18n/i18n";
import type { PassportColumnId } from "../../resources/passport-columns";
import { passportColumnTitle, progressFlagWords, statusText } from "../display/words";

/** The passport filter keys named as their columns (spec §2 text columns, plus status on the history table). */
const COLUMN_OF_KEY: Record<string, PassportColumnId> = {
  fullName: "fullName",
  passportNo: "passportNo",
  telephone: "telephone",
  agentName: "agentName",
  slot: "slot",
  visaType: "visaType",
  isSuperAdminApproved: "status",
  ...Object.fromEntries(MILESTONES.map((m) => [m.field, m.field])),
};

/** Ours: the extra filters the Overview's counts open their lists with. */
const EXTRA_LABELS: Record<string, () => string> = {
  visaExpireFrom: () => t("filters.labels.visaExpireFrom"),
  visaExpireTo: () => t("filters.labels.visaExpireTo"),
  passportExpireFrom: () => t("filters.labels.passportExpireFrom"),
  passportExpireTo: () => t("filters.labels.passportExpireTo"),
  flightFrom: () => t("filters.labels.flightFrom"),
  flightTo: () => t("filters.labels.flightTo"),
  statusChangedFrom: () => t("filters.labels.statusChangedFrom"),
  statusChangedTo: () => t("filters.labels.statusChangedTo"),
};

/** A passport filter's chip label in the chosen language ("Full Name"), else the key itself. */
export function passportFilterLabel(key: string): string {
  const column = COLUMN_OF_KEY[key];
  if (column) return passportColumnTitle(column);
  return EXTRA_LABELS[key]?.() ?? key;
}

const DATE_KEYS = new Set<string>(PASSPORT_DATE_RANGE_KEYS);
const MILESTONE_KEYS = new Set<string>(MILESTONES.map((m) => m.field));

/** A filter's value on its chip: dates as the tables show them, milestones as Done / Processing, a status by its word. */
export function passportFilterValue(key: string, value: string): string {
  if (DATE_KEYS.has(key)) return localDigits(formatDate(value), currentLanguage());
  if (MILESTONE_KEYS.has(key)) return progressFlagWords(value === "true");
  if (key === "isSuperAdminApproved") return statusText(value);
  return value;
}

/**
 * One line of a passport's timeline, in words: "moved it from PENDING to REVIEWED", "set Visa Granted
 * to Done", "changed Full Name from Rahim to Rahim Uddin". Dates are shown as the tables show them.
 */
import { DATE_UPDATES, type PassportEventRecord } from "../../contract";
import { EMPTY as EMPTY_DATE } from "../../format";
import { i18n, t } from "../../i18n/i18n";
import type { Formatter } from "../../i18n/useFormat";
import { documentName } from "../attachments/document-name";
import { milestoneName, milestoneState } from "../passport-actions/milestones";

const DATE_FIELDS = new Set<string>([...DATE_UPDATES.map((d) => d.field), "passportIssueDate", "passportExpireDate", "dob"]);

/** "Full Name", "Visa Issue Date", ...: as the passport tables title them, else the field itself. */
export function fieldLabel(field: string | null): string {
  if (!field) return "";
  const key = `passportFile.fields.${field}`;
  return i18n.exists(key) ? t(key) : field;
}

function shown(field: string | null, value: string | null, format: Formatter): string {
  if (value === null || value === "") return EMPTY_DATE;
  if (field === "flightScheduleDate") return format.dateTime(value);
  if (field && DATE_FIELDS.has(field)) return format.date(value);
  return value;
}

export function describeEvent(event: PassportEventRecord, format: Formatter): string {
  const { kind, field, oldValue, newValue } = event;
  switch (kind) {
    case "CREATE":
      return t("passportFile.events.created");
    case "IMPORT":
      return t("passportFile.events.imported", { file: newValue ?? t("passportFile.events.aFile") });
    case "STATUS":
      return t("passportFile.events.moved", { from: oldValue, to: newValue });
    case "MILESTONE":
      return t("passportFile.events.milestone", { milestone: milestoneName(field ?? ""), value: milestoneState(newValue === "true") });
    case "COMMENT":
      return field === "commentBySuperAdmin"
        ? t("passportFile.events.commentedAsSuperAdmin", { text: newValue ?? "" })
        : t("passportFile.events.commentedAsAdmin", { text: newValue ?? "" });
    case "DOCUMENT": {
      const label = documentName(field ?? "");
      return oldValue
        ? t("passportFile.events.documentReplaced", { label, old: oldValue, new: newValue })
        : t("passportFile.events.documentAdded", { label, file: newValue });
    }
    case "DATE":
    case "EDIT": {
      const label = fieldLabel(field);
      if (newValue === null) return t("passportFile.events.cleared", { label, old: shown(field, oldValue, format) });
      if (oldValue === null) return t("passportFile.events.set", { label, value: shown(field, newValue, format) });
      return t("passportFile.events.changed", { label, old: shown(field, oldValue, format), new: shown(field, newValue, format) });
    }
    default:
      return `${String(kind).toLowerCase()} ${field ?? ""}`.trim();
  }
}

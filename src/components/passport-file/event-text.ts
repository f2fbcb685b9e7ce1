/**
 * One line of a passport's timeline, in words: "moved it from PENDING to REVIEWED", "set Visa Granted
 * to Done", "changed Full Name from Rahim to Rahim Uddin". Dates are shown as the tables show them.
 */
import { DATE_UPDATES, DOCUMENT_KINDS, MILESTONES, type PassportEventRecord } from "../../contract";
import { EMPTY as EMPTY_DATE, formatDate, formatDateTime } from "../../format";
import { PASSPORT_COLUMN_TITLES } from "../../format/passport-cells";

const MILESTONE_LABELS: Record<string, string> = Object.fromEntries(MILESTONES.map((m) => [m.field, m.label]));
const DOCUMENT_LABELS: Record<string, string> = Object.fromEntries(DOCUMENT_KINDS.map((d) => [d.field, d.label]));
const DATE_FIELDS = new Set<string>([...DATE_UPDATES.map((d) => d.field), "passportIssueDate", "passportExpireDate", "dob"]);

/** "Full Name", "Visa Issue Date", ...: the column titles of the passport tables, else the field itself. */
export function fieldLabel(field: string | null): string {
  if (field === "agentId") return "Agent ID";
  return (field && (PASSPORT_COLUMN_TITLES as Record<string, string | undefined>)[field]) ?? field ?? "";
}

function shown(field: string | null, value: string | null): string {
  if (value === null || value === "") return EMPTY_DATE;
  if (field === "flightScheduleDate") return formatDateTime(value);
  if (field && DATE_FIELDS.has(field)) return formatDate(value);
  return value;
}

export function describeEvent(event: PassportEventRecord): string {
  const { kind, field, oldValue, newValue } = event;
  switch (kind) {
    case "CREATE":
      return "created the passport";
    case "IMPORT":
      return `imported it from ${newValue ?? "a file"}`;
    case "STATUS":
      return `moved it from ${oldValue} to ${newValue}`;
    case "MILESTONE":
      return `set ${MILESTONE_LABELS[field ?? ""] ?? field} to ${newValue === "true" ? "Done" : "Processing"}`;
    case "COMMENT":
      return `commented as ${field === "commentBySuperAdmin" ? "super admin" : "admin"}: "${newValue ?? ""}"`;
    case "DOCUMENT": {
      const label = DOCUMENT_LABELS[field ?? ""] ?? field;
      return oldValue ? `replaced ${label}: ${oldValue} with ${newValue}` : `added ${label}: ${newValue}`;
    }
    case "DATE":
    case "EDIT": {
      const label = fieldLabel(field);
      if (newValue === null) return `cleared ${label} (was ${shown(field, oldValue)})`;
      if (oldValue === null) return `set ${label} to ${shown(field, newValue)}`;
      return `changed ${label} from ${shown(field, oldValue)} to ${shown(field, newValue)}`;
    }
    default:
      return `${String(kind).toLowerCase()} ${field ?? ""}`.trim();
  }
}

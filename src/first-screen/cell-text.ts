import type { Passport } from "../contract/dto";
import { MILESTONES } from "../contract/enums";
import { displayStatus, progressFlag, statusColor, type StatusPalette } from "../components/display/status";
import { columnText } from "../components/passport-table/column-text";
import type { PassportColumnId } from "../resources/passport-columns";

/** A cell as the first screen draws it: plain text, or a tag in one of antd's preset colours. */
export type CellText = { text: string; tag?: string };

const MILESTONE_FIELDS = new Set<string>(MILESTONES.map((m) => m.field));

/** What the passport table shows in column `id` (src/components/passport-table/columns.tsx), as text. */
export function cellText(id: PassportColumnId, passport: Passport, serial: number, palette: StatusPalette): CellText {
  const value = (passport as unknown as Record<string, unknown>)[id];
  if (id === "serial") return { text: String(serial) };
  if (id === "attachments") return { text: "View Attachments" };
  if (id === "status") return { text: displayStatus(passport.isSuperAdminApproved), tag: statusColor(passport.isSuperAdminApproved, palette) };
  if (MILESTONE_FIELDS.has(id)) {
    const { text, color } = progressFlag(Boolean(value));
    return { text, tag: color };
  }
  return { text: columnText(id, value) };
}

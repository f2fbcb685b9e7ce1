import type { PassportColumnId } from "../../resources/passport-columns";

/**
 * How a column sits in the table and on a phone's card. Declared once per catalogue column, and by
 * pages for the columns they add (`extraColumns`), so every passport table lays them out alike.
 */
export interface ColumnLayout {
  /** Stays in view while the table scrolls sideways: the serial and the name at the left, actions at the right. */
  pin?: "left" | "right";
  /** Long free text (names, comments) may wrap; everything else stays on one line. */
  wrap?: boolean;
  /** Acts on the row (buttons, links): pinned right, always shown, and in the card's action area. */
  action?: boolean;
  /** Where the card puts it: "actions" (no label, the default for actions) or "field" (labelled). */
  card?: "actions" | "field";
  width?: number;
}

const LAYOUTS: Partial<Record<PassportColumnId, ColumnLayout>> = {
  serial: { pin: "left", width: 48 },
  // The name opens the passport's file (issue 14).
  fullName: { pin: "left", wrap: true, width: 170 },
  fathersName: { wrap: true },
  mothersName: { wrap: true },
  schooling: { wrap: true },
  attachments: { action: true },
  commentByAdmin: { wrap: true },
  commentBySuperAdmin: { wrap: true },
};

/** The declared layout of a catalogue column (no antd here: the first screen lays out by it too). */
export function layoutOf(id: PassportColumnId): ColumnLayout {
  const { pin, wrap, action, card, width } = LAYOUTS[id] ?? {};
  return { pin: pin ?? (action ? "right" : undefined), wrap, action, card, width };
}

/**
 * A list's declared columns by their part: the actions (always shown, at the right), and the rest,
 * which the user may choose among except the `locked` ones pinned at the left.
 */
export function columnParts(columns: readonly PassportColumnId[]) {
  const actions = columns.filter((id) => layoutOf(id).action);
  const choosable = columns.filter((id) => !layoutOf(id).action);
  const locked: ReadonlySet<PassportColumnId> = new Set(choosable.filter((id) => layoutOf(id).pin === "left"));
  return { actions, choosable, locked };
}

import { displayStatus } from "../../format/passport-cells";
import { progressFlagWords } from "./words";

/** Shown with "-BY-" (src/format/passport-cells.ts); statusText (./words.ts) in the chosen language. */
export { displayStatus };

export type StatusPalette = "default" | "history";

/** A milestone flag (spec §2): Done in green, or Processing in red. */
export const progressFlag = (done: boolean | null | undefined) => ({ text: progressFlagWords(done), color: done ? "green" : "red" });

/**
 * Tag colour (spec §2), whatever the case: APPROVED and its compounds ("APPROVED_BY_ADMIN") green,
 * REJECTED and its compounds red; in the default palette PENDING is orange and everything else blue;
 * the history table uses blue for everything else.
 */
export function statusColor(status: string | null | undefined, palette: StatusPalette = "default"): string {
  const value = (status ?? "").toUpperCase();
  if (value.startsWith("APPROVED")) return "green";
  if (value.startsWith("REJECTED")) return "red";
  if (value === "PENDING" && palette === "default") return "orange";
  return "blue";
}

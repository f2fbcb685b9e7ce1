/**
 * Compound statuses ("APPROVED_BY_ADMIN", "rejected_by_super_admin", "APPROVEDBYADMIN") are shown
 * with "-BY-" (spec §2, §4): the first "BY" in any case, together with any underscores, hyphens or
 * spaces around it, becomes "-BY-". Values without "BY" are shown unchanged.
 */
export function displayStatus(status: string | null | undefined): string {
  if (!status) return "";
  return status.replace(/[\s_-]*BY[\s_-]*/i, "-BY-");
}

export type StatusPalette = "default" | "history";

/** A milestone flag (spec §2): Done in green, or Processing in red. */
export const progressFlag = (done: boolean | null | undefined) => (done ? { text: "Done", color: "green" } : { text: "Processing", color: "red" });

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

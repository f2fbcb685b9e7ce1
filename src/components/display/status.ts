/**
 * Compound statuses from other backends ("APPROVED_BY_ADMIN", "APPROVEDBYADMIN", "REJECTED BY ADMIN")
 * are shown as "APPROVED-BY-ADMIN": the first upper-case "BY", together with any underscores, hyphens
 * or spaces around it, becomes "-BY-". Values without "BY" are shown unchanged.
 */
export function displayStatus(status: string | null | undefined): string {
  if (!status) return "";
  return status.replace(/[\s_-]*BY[\s_-]*/, "-BY-");
}

export type StatusPalette = "default" | "history";

/**
 * Tag colour by exact value (spec §2): APPROVED green, REJECTED red; in the default palette PENDING is
 * orange and everything else blue; the history table uses blue for everything else. Compound values
 * ("APPROVED_BY_ADMIN") are "other values" and therefore blue.
 */
export function statusColor(status: string | null | undefined, palette: StatusPalette = "default"): string {
  if (status === "APPROVED") return "green";
  if (status === "REJECTED") return "red";
  if (status === "PENDING" && palette === "default") return "orange";
  return "blue";
}

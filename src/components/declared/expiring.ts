import dayjs from "dayjs";
import type { Role } from "../../contract";
import type { DateField } from "../../resources/model/fields";
import type { ResourceDeclaration } from "../../resources/types";
import type { DeclaredScreen } from "./useDeclaredScreen";

/** A date field that says when its record expires, on a screen of the role's dashboard. */
export interface ExpiringField {
  screen: DeclaredScreen;
  field: string;
  withinDays: number;
}

/**
 * What the role's Overview lists as expiring soon: every declared resource it may list that has a
 * date field with `expiry` (and may be filtered by it, which the list of those records needs).
 */
export function expiringFieldsOf(resources: readonly ResourceDeclaration[], role: Role): ExpiringField[] {
  return resources.flatMap((screen) => {
    if (!screen.data || screen.role !== role || screen.data.legacy) return [];
    return Object.entries(screen.data.fields).flatMap(([field, f]) =>
      f.kind === "date" && (f as DateField).expiry && f.filterable ? [{ screen: screen as DeclaredScreen, field, withinDays: (f as DateField).expiry!.withinDays }] : [],
    );
  });
}

/** The window: from today to `withinDays` ahead, as the list's filter keys (`expiryDate_gte`, `expiryDate_lte`). */
export function expiryWindow(field: string, withinDays: number, today = dayjs()) {
  return { [`${field}_gte`]: today.format("YYYY-MM-DD"), [`${field}_lte`]: today.add(withinDays, "day").format("YYYY-MM-DD") };
}

/** The whole days from today to `date` (0 or less: today or past). */
export const daysLeft = (date: string, today = dayjs()): number => dayjs(date, "YYYY-MM-DD").startOf("day").diff(today.startOf("day"), "day");

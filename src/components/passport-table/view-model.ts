import type { Passport } from "../../contract/dto";
import { MILESTONES } from "../../contract/enums";
import { CARD_FIELDS, type PassportColumnId, type PassportTableSpec } from "../../resources/passport-columns";
import { serialNumber, tableFooterText } from "../display/pagination";
import { progressFlag, statusColor, type StatusPalette } from "../display/status";
import { localColumnText, localNumber, passportColumnTitle, statusText } from "../display/words";
import { t } from "../../i18n/i18n";
import type { FilterValues } from "../filters/clean-filters";
import type { ChosenColumn } from "./column-choice";
import { columnParts, layoutOf } from "./column-layout";

/*
 * What a passport list shows, as plain data: its columns, each cell, a phone's card, the footer and
 * the filter hint. PassportTable renders it with antd; the first screen (src/first-screen) draws it
 * in plain DOM before the app's code has loaded, so nothing here may bring React or antd. Its words
 * are the chosen language's, read when called (the texts are loaded by then).
 */

/** A column's header and whether its values may wrap (names, comments). */
export interface ColumnView {
  id: PassportColumnId;
  title: string;
  wrap: boolean;
}

/** A cell: text, a tag in one of antd's preset colours, or a link opening the passport's file or attachments. */
export type CellView =
  | { kind: "text"; text: string }
  | { kind: "tag"; text: string; color: string }
  | { kind: "link"; text: string; opens: "file" | "attachments" };

/** What a phone's card shows besides the name: the passport number and status if the list shows them, then its labelled fields. */
export interface CardView {
  passportNo: boolean;
  status: boolean;
  fields: ColumnView[];
}

const MILESTONE_FIELDS = new Set<string>(MILESTONES.map((m) => m.field));

export function columnView(id: PassportColumnId): ColumnView {
  return { id, title: passportColumnTitle(id), wrap: Boolean(layoutOf(id).wrap) };
}

/** The columns shown, in order: the choosable ones as the user chose them (`chosen`), then the list's actions. */
export function shownColumns(declared: readonly PassportColumnId[], chosen: readonly ChosenColumn<PassportColumnId>[]): ColumnView[] {
  return [...chosen.filter((c) => c.shown).map((c) => c.id), ...columnParts(declared).actions].map(columnView);
}

/** A phone's card for the list: its declared card fields (by default CARD_FIELDS) that the list shows. */
export function cardView(spec: PassportTableSpec): CardView {
  const shows = (id: PassportColumnId) => spec.columns.includes(id);
  return { passportNo: shows("passportNo"), status: shows("status"), fields: (spec.card ?? CARD_FIELDS).filter(shows).map(columnView) };
}

/** Column `id` of `passport`, the row numbered `serial`, as every passport list shows it. */
export function cellView(id: PassportColumnId, passport: Passport, serial: number, palette: StatusPalette): CellView {
  const value = (passport as unknown as Record<string, unknown>)[id];
  if (id === "serial") return { kind: "text", text: localNumber(serial) };
  // The name opens the passport's file (issue 14).
  if (id === "fullName") return { kind: "link", text: localColumnText(id, value), opens: "file" };
  if (id === "attachments") return { kind: "link", text: t("passportTable.viewAttachments"), opens: "attachments" };
  if (id === "status") {
    const status = passport.isSuperAdminApproved;
    return status ? { kind: "tag", text: statusText(status), color: statusColor(status, palette) } : { kind: "text", text: "" };
  }
  if (MILESTONE_FIELDS.has(id)) {
    const { text, color } = progressFlag(Boolean(value));
    return { kind: "tag", text, color };
  }
  return { kind: "text", text: localColumnText(id, value) };
}

/** "Showing 11–20 of 57 items" for page `currentPage` (1-based) of `total`; empty when the page holds none. */
export function pageFooter(currentPage: number, pageSize: number, total: number): string {
  const first = serialNumber(0, currentPage, pageSize);
  return first <= total ? tableFooterText([first, Math.min(total, currentPage * pageSize)], total) : "";
}

/** The hint while no filter is set (the Overview's extra filters count as filters), else nothing. */
export function filterHint(filters: FilterValues): string | undefined {
  return Object.keys(filters).length === 0 ? t("passportTable.noFiltersHint") : undefined;
}

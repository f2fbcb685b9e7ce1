import { Button } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { MILESTONES, type MilestoneField, type Passport } from "../../contract";
import { formatDate, formatDateTime, formatMoney } from "../../format";
import { COLUMN_FILTER_KEYS, type PassportColumnId } from "../../resources/passport-columns";
import { ProgressFlag, serialNumber, StatusTag } from "../display";
import { columnSearchProps, type FilterValues } from "../filters";

export type PassportColumn = ColumnType<Passport>;

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

/** A column a page adds to the declared ones (an action or a comment): pinned right unless it says otherwise. */
export type PassportExtraColumn = PassportColumn & { key: string; layout?: ColumnLayout };

/** What a column needs to know about the table it sits in. */
export interface ColumnContext {
  currentPage: number;
  pageSize: number;
  /** Active (URL) filters, so search popups show the current value. */
  filters: FilterValues;
  search: ReadonlySet<PassportColumnId>;
  statusPalette: "default" | "history";
  openAttachments: (passport: Passport) => void;
  /** Opens the passport's file (its drawer). */
  openFile: (passportId: number) => void;
}

type Definition = ColumnLayout & {
  title: string;
  /** Field shown; defaults to the column id. */
  dataIndex?: keyof Passport;
  render?: (value: unknown, passport: Passport, index: number, ctx: ColumnContext) => ReactNode;
};

const text = (value: unknown) => (value === null || value === undefined || value === "" ? "---" : String(value));
const date = (value: unknown) => formatDate(value as string | null);

const milestoneDefinitions = {} as Record<MilestoneField, Definition>;
for (const m of MILESTONES) {
  milestoneDefinitions[m.field] = { title: m.label, render: (value) => <ProgressFlag done={Boolean(value)} /> };
}

/** Every passport column by id (spec §2, §3). Titles of the searchable ones match the filter chips. */
export const PASSPORT_COLUMNS: Record<PassportColumnId, Definition> = {
  serial: {
    title: "SL",
    pin: "left",
    width: 48,
    render: (_value, _passport, index, ctx) => serialNumber(index, ctx.currentPage, ctx.pageSize),
  },
  // The name opens the passport's file (issue 14).
  fullName: {
    title: "Full Name",
    pin: "left",
    wrap: true,
    width: 170,
    render: (value, passport, _index, ctx) => (
      <Button type="link" size="small" onClick={() => ctx.openFile(passport.id)} style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }}>
        {text(value)}
      </Button>
    ),
  },
  passportNo: { title: "Passport No" },
  fathersName: { title: "Father's Name", wrap: true },
  mothersName: { title: "Mother's Name", wrap: true },
  passportIssueDate: { title: "Passport Issue Date", render: date },
  passportExpireDate: { title: "Passport Expire Date", render: date },
  dob: { title: "Date of Birth", render: date },
  age: { title: "Age" },
  schooling: { title: "Schooling", wrap: true },
  maritalStatus: { title: "Marital Status" },
  telephone: { title: "Phone" },
  contractAmount: { title: "Contract Amount (BDT)", render: (value) => formatMoney(value as number | null) },
  agentName: { title: "Agent Name" },
  slot: { title: "Slot" },
  visaType: { title: "Visa Type" },
  attachments: {
    title: "Attachments",
    dataIndex: "id",
    action: true,
    render: (_value, passport, _index, ctx) => (
      <Button type="link" size="small" onClick={() => ctx.openAttachments(passport)}>
        View Attachments
      </Button>
    ),
  },
  status: {
    title: "Status",
    dataIndex: "isSuperAdminApproved",
    render: (value, _passport, _index, ctx) => <StatusTag status={value as string} palette={ctx.statusPalette} />,
  },
  commentByAdmin: { title: "Comment", wrap: true, render: text },
  commentBySuperAdmin: { title: "Comment", wrap: true, render: text },
  ...milestoneDefinitions,
  visaIssueDate: { title: "Visa Issue Date", render: date },
  visaExpireDate: { title: "Visa Expiry Date", render: date },
  visaRemainingDays: { title: "Visa Remaining Days", render: text },
  flightScheduleDate: { title: "Flight Schedule Date", render: (value) => formatDateTime(value as string | null) },
};

/** The declared layout of a catalogue column. */
export function layoutOf(id: PassportColumnId): ColumnLayout {
  const { pin, wrap, action, card, width } = PASSPORT_COLUMNS[id];
  return { pin: pin ?? (action ? "right" : undefined), wrap, action, card, width };
}

/** antd's props for a layout: fixed side, width, and the class that keeps short values on one line. */
export function layoutProps(layout: ColumnLayout): Partial<PassportColumn> {
  const pin = layout.pin ?? (layout.action ? "right" : undefined);
  return {
    ...(pin ? { fixed: pin } : {}),
    ...(layout.width ? { width: layout.width } : {}),
    className: layout.wrap ? "passport-cell-wrap" : "passport-cell-nowrap",
  };
}

/** The antd column for `id`; `override` (from the page) replaces any part of it, e.g. `render`. */
export function passportColumn(id: PassportColumnId, ctx: ColumnContext, override?: Partial<PassportColumn>): PassportColumn {
  const definition = PASSPORT_COLUMNS[id];
  const filterKey = COLUMN_FILTER_KEYS[id];
  const column: PassportColumn = {
    key: id,
    title: definition.title,
    dataIndex: definition.dataIndex ?? (id === "serial" ? undefined : id),
    render: definition.render
      ? (value, passport, index) => definition.render!(value, passport, index, ctx)
      : (value) => text(value),
    ...layoutProps(layoutOf(id)),
  };
  if (filterKey && ctx.search.has(id)) {
    Object.assign(column, columnSearchProps<Passport>(filterKey, definition.title, ctx.filters[filterKey] ?? null), {
      key: filterKey,
    });
  }
  return { ...column, ...override };
}

import { Button } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { MILESTONES, type MilestoneField, type Passport } from "../../contract";
import { type ColumnLayout, layoutOf } from "./column-layout";
import { columnText } from "./column-text";
import type { PassportColumnId } from "../../resources/passport-columns";
import { PASSPORT_COLUMN_TITLES } from "./column-titles";
import { COLUMN_FILTER_KEYS } from "./table-params";
import { ProgressFlag, serialNumber, StatusTag } from "../display";
import { columnSearchProps, type FilterValues } from "../filters";

export type PassportColumn = ColumnType<Passport>;
export { type ColumnLayout, layoutOf };

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

type Definition = {
  /** Field shown; defaults to the column id. */
  dataIndex?: keyof Passport;
  render?: (value: unknown, passport: Passport, index: number, ctx: ColumnContext) => ReactNode;
};

const milestoneDefinitions = {} as Record<MilestoneField, Definition>;
for (const m of MILESTONES) {
  milestoneDefinitions[m.field] = { render: (value) => <ProgressFlag done={Boolean(value)} /> };
}

/** How every passport column looks, by id (spec §2, §3): text (columnText) unless it says otherwise; the titles are PASSPORT_COLUMN_TITLES. */
export const PASSPORT_COLUMNS: Record<PassportColumnId, Definition> = {
  serial: {
    render: (_value, _passport, index, ctx) => serialNumber(index, ctx.currentPage, ctx.pageSize),
  },
  // The name opens the passport's file (issue 14).
  fullName: {
    render: (value, passport, _index, ctx) => (
      <Button type="link" size="small" onClick={() => ctx.openFile(passport.id)} style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }}>
        {columnText("fullName", value)}
      </Button>
    ),
  },
  passportNo: {},
  fathersName: {},
  mothersName: {},
  passportIssueDate: {},
  passportExpireDate: {},
  dob: {},
  age: {},
  schooling: {},
  maritalStatus: {},
  telephone: {},
  contractAmount: {},
  agentName: {},
  slot: {},
  visaType: {},
  attachments: {
    dataIndex: "id",
    render: (_value, passport, _index, ctx) => (
      <Button type="link" size="small" onClick={() => ctx.openAttachments(passport)}>
        View Attachments
      </Button>
    ),
  },
  status: {
    dataIndex: "isSuperAdminApproved",
    render: (value, _passport, _index, ctx) => <StatusTag status={value as string} palette={ctx.statusPalette} />,
  },
  commentByAdmin: {},
  commentBySuperAdmin: {},
  ...milestoneDefinitions,
  visaIssueDate: {},
  visaExpireDate: {},
  visaRemainingDays: {},
  flightScheduleDate: {},
};

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
    title: PASSPORT_COLUMN_TITLES[id],
    dataIndex: definition.dataIndex ?? (id === "serial" ? undefined : id),
    render: definition.render
      ? (value, passport, index) => definition.render!(value, passport, index, ctx)
      : (value) => columnText(id, value),
    ...layoutProps(layoutOf(id)),
  };
  if (filterKey && ctx.search.has(id)) {
    Object.assign(column, columnSearchProps<Passport>(filterKey, PASSPORT_COLUMN_TITLES[id], ctx.filters[filterKey] ?? null), {
      key: filterKey,
    });
  }
  return { ...column, ...override };
}

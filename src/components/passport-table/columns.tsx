import { Button } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { MILESTONES, type MilestoneField, type Passport } from "../../contract";
import { COLUMN_FILTER_KEYS, type PassportColumnId } from "../../resources/passport-columns";
import { formatDate, formatDateTime, ProgressFlag, serialNumber, StatusTag } from "../display";
import { columnSearchProps, type FilterValues } from "../filters";

export type PassportColumn = ColumnType<Passport>;

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
    render: (_value, _passport, index, ctx) => serialNumber(index, ctx.currentPage, ctx.pageSize),
  },
  // The name opens the passport's file (issue 14).
  fullName: {
    title: "Full Name",
    render: (value, passport, _index, ctx) => (
      <Button type="link" size="small" onClick={() => ctx.openFile(passport.id)} style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }}>
        {text(value)}
      </Button>
    ),
  },
  passportNo: { title: "Passport No" },
  fathersName: { title: "Father's Name" },
  mothersName: { title: "Mother's Name" },
  passportIssueDate: { title: "Passport Issue Date", render: date },
  passportExpireDate: { title: "Passport Expire Date", render: date },
  dob: { title: "Date of Birth", render: date },
  age: { title: "Age" },
  schooling: { title: "Schooling" },
  maritalStatus: { title: "Marital Status" },
  telephone: { title: "Phone" },
  contractAmount: { title: "Contract Amount (BDT)" },
  agentName: { title: "Agent Name" },
  slot: { title: "Slot" },
  visaType: { title: "Visa Type" },
  attachments: {
    title: "Attachments",
    dataIndex: "id",
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
  commentByAdmin: { title: "Comment", render: text },
  commentBySuperAdmin: { title: "Comment", render: text },
  ...milestoneDefinitions,
  visaIssueDate: { title: "Visa Issue Date", render: date },
  visaExpireDate: { title: "Visa Expiry Date", render: date },
  visaRemainingDays: { title: "Visa Remaining Days", render: text },
  flightScheduleDate: { title: "Flight Schedule Date", render: (value) => formatDateTime(value as string | null) },
};

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
  };
  if (filterKey && ctx.search.has(id)) {
    Object.assign(column, columnSearchProps<Passport>(filterKey, definition.title, ctx.filters[filterKey] ?? null), {
      key: filterKey,
    });
  }
  return { ...column, ...override };
}

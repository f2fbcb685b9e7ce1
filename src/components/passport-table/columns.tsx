import { Button, Tag } from "antd";
import type { ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import type { Passport } from "../../contract";
import type { PassportColumnId } from "../../resources/passport-columns";
import { serialNumber } from "../display";
import { columnSearchProps, type FilterValues } from "../filters";
import { type ColumnLayout, layoutOf } from "./column-layout";
import { COLUMN_FILTER_KEYS } from "./table-params";
import { type CellView, cellView, columnView } from "./view-model";

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

/** The field antd hands a column's `render` (and a page's override of it): the column's own, but for these. */
const DATA_INDEX: Partial<Record<PassportColumnId, keyof Passport>> = { attachments: "id", status: "isSuperAdminApproved" };

/** A cell of the view model (./view-model.ts) in antd: a tag, a link, or its text. */
function renderCell(cell: CellView, passport: Passport, ctx: ColumnContext): ReactNode {
  if (cell.kind === "text") return cell.text;
  if (cell.kind === "tag") return <Tag color={cell.color}>{cell.text}</Tag>;
  if (cell.opens === "attachments") {
    return (
      <Button type="link" size="small" onClick={() => ctx.openAttachments(passport)}>
        {cell.text}
      </Button>
    );
  }
  return (
    <Button type="link" size="small" onClick={() => ctx.openFile(passport.id)} style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left" }}>
      {cell.text}
    </Button>
  );
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
  const { title } = columnView(id);
  const filterKey = COLUMN_FILTER_KEYS[id];
  const column: PassportColumn = {
    key: id,
    title,
    dataIndex: id === "serial" ? undefined : (DATA_INDEX[id] ?? id),
    render: (_value, passport, index) => renderCell(cellView(id, passport, serialNumber(index, ctx.currentPage, ctx.pageSize), ctx.statusPalette), passport, ctx),
    ...layoutProps(layoutOf(id)),
  };
  if (filterKey && ctx.search.has(id)) {
    Object.assign(column, columnSearchProps<Passport>(filterKey, title, ctx.filters[filterKey] ?? null), {
      key: filterKey,
    });
  }
  return { ...column, ...override };
}

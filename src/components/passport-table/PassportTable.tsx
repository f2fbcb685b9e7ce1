import { type CrudFilter, useList } from "@refinedev/core";
import { Flex, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { type Passport, PASSPORT_EXTRA_FILTER_KEYS } from "../../contract";
import { useCurrentResource } from "../../resources/current-resource";
import { COLUMN_FILTER_KEYS, type PassportColumnId } from "../../resources/passport-columns";
import type { ResourceDeclaration } from "../../resources/types";
import { PAGE_SIZE_OPTIONS, showTotal } from "../display";
import { AgentFilter, cleanFilters, FilterChips, type FilterValues, useDebouncedFilters } from "../filters";
import { usePassportFileParam } from "../passport-file";
import { PassportAttachmentsModal } from "./PassportAttachmentsModal";
import { type ColumnContext, type PassportColumn, passportColumn } from "./columns";
import { useAgents } from "./useAgents";
import { usePassportTableState } from "./usePassportTableState";

/** The passport's file, loaded when first opened. */
const PassportFileDrawer = lazy(() => import("../passport-file/PassportFileDrawer"));

/** The extra filters (the Overview's links) among `filters`: kept when the header searches change. */
const extraFilters = (filters: FilterValues) =>
  Object.fromEntries(Object.entries(filters).filter(([key]) => (PASSPORT_EXTRA_FILTER_KEYS as readonly string[]).includes(key)));

/** Handed to pages that add columns, so their cells can open attachments or a file, or drop a row. */
export interface PassportTableContext {
  currentPage: number;
  pageSize: number;
  openAttachments: (passport: Passport) => void;
  openFile: ReturnType<typeof usePassportFileParam>["openFile"];
  /** Hides a row at once (e.g. reviewed or rejected); it stays hidden until the list is fetched again. */
  removeRow: (id: number) => void;
}

export interface PassportTableProps {
  /** Defaults to the resource whose route is on screen. */
  resource?: ResourceDeclaration;
  /** Columns after the declared ones (actions, comments). */
  extraColumns?: ColumnsType<Passport> | ((ctx: PassportTableContext) => ColumnsType<Passport>);
  /** Replaces parts of declared columns, e.g. a milestone's `render` with a switch. */
  columnOverrides?:
    | Partial<Record<PassportColumnId, Partial<PassportColumn>>>
    | ((ctx: PassportTableContext) => Partial<Record<PassportColumnId, Partial<PassportColumn>>>);
  /** Shown above the table, next to the agent dropdown (e.g. a create button). */
  toolbar?: ReactNode;
}

/**
 * The passport table of spec §2, built from the resource's `passportTable` declaration: serial
 * numbers, header search popups, filter chips, the agent dropdown, server-side pagination, the
 * attachments modal and the passport's file (opened from the name). Page, size, filters (the Overview's
 * extra ones included), agent and open file live in the URL.
 */
export function PassportTable({ resource: given, extraColumns, columnOverrides, toolbar }: PassportTableProps) {
  const current = useCurrentResource();
  const resource = given ?? current;
  const spec = resource.passportTable;
  if (!spec) throw new Error(`Resource ${resource.identifier} declares no passportTable`);

  const filterKeys = useMemo(() => [...spec.search.flatMap((id) => COLUMN_FILTER_KEYS[id] ?? []), ...PASSPORT_EXTRA_FILTER_KEYS], [spec.search]);
  const file = usePassportFileParam();
  const state = usePassportTableState(filterKeys, Boolean(spec.agentFilter));
  const applied = useDebouncedFilters(state.filters);
  const { agents, loading: agentsLoading } = useAgents(Boolean(spec.agentFilter));

  const filters: CrudFilter[] = Object.entries(applied).map(([field, value]) => ({ field, operator: "eq", value }));
  if (state.agentId) filters.push({ field: "agentId", operator: "eq", value: state.agentId });

  const { result, query } = useList<Passport>({
    resource: resource.identifier,
    pagination: { currentPage: state.currentPage, pageSize: state.pageSize, mode: "server" },
    filters,
  });

  // When the server's total leaves the page shown past the last one (its last rows were reviewed or
  // completed, or a link reads ?page=99), go to the last page rather than show an empty table.
  const serverTotal = query.isSuccess && !query.isFetching ? result.total : undefined;
  const lastPage = serverTotal === undefined ? undefined : Math.max(1, Math.ceil(serverTotal / state.pageSize));
  useEffect(() => {
    if (lastPage !== undefined) state.keepPageWithin(lastPage);
  }, [lastPage, state.currentPage]);

  const [removed, setRemoved] = useState<{ at: number; ids: Set<number> }>({ at: 0, ids: new Set() });
  const removedIds = removed.at === query.dataUpdatedAt ? removed.ids : new Set<number>();
  const removeRow = useCallback(
    (id: number) => setRemoved((prev) => ({ at: query.dataUpdatedAt, ids: new Set([...(prev.at === query.dataUpdatedAt ? prev.ids : []), id]) })),
    [query.dataUpdatedAt],
  );
  const rows = result.data.filter((row) => !removedIds.has(row.id));
  const total = Math.max(0, (result.total ?? 0) - removedIds.size);

  const [attachmentsOf, setAttachmentsOf] = useState<Passport | undefined>();
  const tableContext: PassportTableContext = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    openAttachments: setAttachmentsOf,
    openFile: file.openFile,
    removeRow,
  };
  const columnContext: ColumnContext = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    filters: state.filters,
    search: new Set(spec.search),
    statusPalette: spec.statusPalette ?? "default",
    openAttachments: setAttachmentsOf,
    openFile: file.openFile,
  };
  const overrides = typeof columnOverrides === "function" ? columnOverrides(tableContext) : columnOverrides;
  const extra = typeof extraColumns === "function" ? extraColumns(tableContext) : (extraColumns ?? []);
  const columns: ColumnsType<Passport> = [
    ...spec.columns.map((id) => passportColumn(id, columnContext, overrides?.[id])),
    ...extra,
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} justify="space-between" align="center">
        {spec.agentFilter ? (
          <AgentFilter agents={agents} loading={agentsLoading} value={state.agentId} onChange={state.setAgentId} />
        ) : (
          <span />
        )}
        {toolbar}
      </Flex>
      <FilterChips
        filters={state.filters}
        onRemove={state.removeFilter}
        onClearAll={() => state.setFilters({})}
      />
      <Table<Passport>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: state.currentPage,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal,
        }}
        onChange={(pagination, tableFilters, _sorter, { action }) => {
          if (action === "filter") state.setFilters({ ...extraFilters(state.filters), ...cleanFilters(tableFilters) });
          else if (action === "paginate") state.setPagination(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
        }}
      />
      <PassportAttachmentsModal passport={attachmentsOf} onClose={() => setAttachmentsOf(undefined)} />
      {file.passportId !== undefined && (
        <Suspense fallback={null}>
          <PassportFileDrawer />
        </Suspense>
      )}
    </Flex>
  );
}

import { Flex, Table } from "antd";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dismissFirstScreen } from "../../first-screen/gate";
import { type Passport, PASSPORT_EXTRA_FILTER_KEYS } from "../../contract";
import { useLocalText } from "../../i18n/useLocalText";
import { useCurrentResource } from "../resource-context";
import type { PassportColumnId } from "../../resources/passport-columns";
import type { ResourceDeclaration } from "../../resources/types";
import { useSession } from "../../session/useSession";
import { PAGE_SIZE_OPTIONS, showTotal } from "../display";
import { useFocusableScroller } from "../display/useFocusableScroller";
import { AgentFilter, cleanFilters, FilterChips, type FilterValues, useDebouncedFilters } from "../filters";
import { useIsPhone } from "../layout/useIsNarrow";
import { CardFilters } from "./CardFilters";
import { ColumnChooser } from "./ColumnChooser";
import { columnParts } from "./column-layout";
import {
  type ColumnContext,
  layoutProps,
  type PassportColumn,
  type PassportExtraColumn,
  passportColumn,
} from "./columns";
import { type CardColumn, PassportCards } from "./PassportCards";
import { usePassportFileParam } from "../passport-file";
import { PassportAttachmentsModal } from "./PassportAttachmentsModal";
import { useAgents } from "./useAgents";
import { columnChoiceKey, useColumnChoice } from "./useColumnChoice";
import { passportExportRequest, passportFilterKeys, tableCrudFilters } from "./table-params";
import { API_BASE_URL } from "../../config";
import { listRequestUrl } from "../../providers/list-request";
import { downloadExport, ExportButton } from "../export";
import { usePassportTableState } from "./usePassportTableState";
import { cardView, columnView, pageFooter, shownColumns } from "./view-model";
import { useLocalPager } from "../display/useLocalPager";
import { LiveNotice, useLiveList } from "../live";

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
  /**
   * Columns after the declared ones (actions, comments). Each is pinned at the right and shown among
   * a card's actions unless its `layout` says otherwise (e.g. `{ card: "field" }` for a comment).
   */
  extraColumns?: PassportExtraColumn[] | ((ctx: PassportTableContext) => PassportExtraColumn[]);
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
 * extra ones included), agent and open file live in the URL. The serial and name stay at the
 * left and the actions at the right while it scrolls sideways; the header sticks to the top and the
 * sideways scroll bar to the bottom of the window. "Columns" chooses the columns shown and their
 * order, per user and list. On a phone the rows are cards rendered by the same columns.
 */
export function PassportTable({ resource: given, extraColumns, columnOverrides, toolbar }: PassportTableProps) {
  const current = useCurrentResource();
  const resource = given ?? current;
  const spec = resource.passportTable;
  if (!spec) throw new Error(`Resource ${resource.identifier} declares no passportTable`);
  const phone = useIsPhone();
  const { user } = useSession();
  const { t } = useTranslation(); // the columns, cells and footer are drawn anew in the other language
  const label = useLocalText()(resource.label);

  const filterKeys = useMemo(() => passportFilterKeys(spec.search), [spec.search]);
  const file = usePassportFileParam();
  const state = usePassportTableState(filterKeys, Boolean(spec.agentFilter));
  const applied = useDebouncedFilters(state.filters);
  const { agents, loading: agentsLoading } = useAgents(Boolean(spec.agentFilter));

  const live = useLiveList<Passport>({
    resource: resource.identifier,
    pagination: { currentPage: state.currentPage, pageSize: state.pageSize, mode: "server" },
    filters: tableCrudFilters(applied, state.agentId),
  });
  const { result, query } = live;

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
  const rows = live.rows.filter((row) => !removedIds.has(row.id));
  // The first screen (src/first-screen) stands in front until this list has drawn its rows, or failed.
  useLayoutEffect(() => {
    if (!query.isLoading) dismissFirstScreen();
  }, [query.isLoading]);
  const total = Math.max(0, live.total - removedIds.size);

  // Action columns always show, at the right; the pinned-left ones always show, first; the rest are the user's to choose.
  const { actions: actionIds, choosable, locked } = useMemo(() => columnParts(spec.columns), [spec.columns]);
  const choice = useColumnChoice(columnChoiceKey(user?.userId, resource.identifier), choosable, locked);

  const frame = useRef<HTMLDivElement>(null);
  useFocusableScroller(frame, label);

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
  const declared = (id: PassportColumnId) => passportColumn(id, columnContext, overrides?.[id]);
  const extraColumn = ({ layout, ...column }: PassportExtraColumn): PassportColumn => ({
    ...layoutProps({ action: true, ...layout }),
    ...column,
  });
  const columns: PassportColumn[] = [...shownColumns(spec.columns, choice.columns).map((column) => declared(column.id)), ...extra.map(extraColumn)];

  // The file holds the whole list as filtered on screen, in the columns shown (issue 27).
  const exportButton = (
    <ExportButton
      listLabel={label}
      formats={["csv", "xlsx"]}
      download={(format, signal, onProgress) => {
        const listUrl = listRequestUrl(
          { resource: resource.identifier, filters: tableCrudFilters(applied, state.agentId), meta: { api: resource.api }, pagination: { mode: "off" } },
          user?.userId,
        );
        const { path, params } = passportExportRequest(listUrl, choice.visible, format);
        return downloadExport({ url: `${API_BASE_URL}${path}`, params, signal, onProgress });
      }}
    />
  );

  const pager = useLocalPager();
  const pagination = {
    current: state.currentPage,
    pageSize: state.pageSize,
    total,
    onChange: (page: number, size: number) => state.setPagination(page, size),
  };

  let list: ReactNode;
  if (phone) {
    const card = (id: PassportColumnId): CardColumn => ({ key: id, title: columnView(id).title, column: declared(id) });
    const shown = cardView(spec);
    const fromExtra = (column: PassportExtraColumn): CardColumn => ({ key: column.key, title: column.title as ReactNode, column: extraColumn(column) });
    list = (
      <PassportCards
        label={label}
        rows={rows}
        loading={live.fetching}
        rowClassName={live.rowClassName}
        name={card("fullName")}
        passportNo={shown.passportNo ? card("passportNo") : undefined}
        status={shown.status ? card("status") : undefined}
        fields={[
          ...shown.fields.map((field) => card(field.id)),
          ...extra.filter((column) => column.layout?.card === "field").map(fromExtra),
        ]}
        actions={[...actionIds.map(card), ...extra.filter((column) => column.layout?.card !== "field").map(fromExtra)]}
        pagination={pagination}
        footer={pageFooter(state.currentPage, state.pageSize, total)}
      />
    );
  } else {
    list = (
      <div ref={frame}>
        <Table<Passport>
          rowClassName={live.rowClassName}
          className="passport-table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={live.fetching}
          scroll={{ x: "max-content" }}
          sticky
          pagination={{
            current: state.currentPage,
            pageSize: state.pageSize,
            total,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal,
            ...pager,
          }}
          onChange={(pagination, tableFilters, _sorter, { action }) => {
            if (action === "filter") state.setFilters({ ...extraFilters(state.filters), ...cleanFilters(tableFilters) });
            else if (action === "paginate") state.setPagination(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
          }}
        />
      </div>
    );
  }

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} justify="space-between" align="center">
        {spec.agentFilter ? (
          <AgentFilter agents={agents} loading={agentsLoading} value={state.agentId} onChange={state.setAgentId} />
        ) : (
          <span />
        )}
        <Flex wrap gap={8} align="center">
          {toolbar}
          {exportButton}
          {phone ? (
            <CardFilters search={spec.search} filters={state.filters} onApply={(applied) => state.setFilters({ ...extraFilters(state.filters), ...applied })} />
          ) : (
            <ColumnChooser choice={choice} listLabel={label} />
          )}
        </Flex>
      </Flex>
      <FilterChips filters={state.filters} onRemove={state.removeFilter} onClearAll={() => state.setFilters({})} />
      <div ref={live.listRef}>
        <LiveNotice count={live.held} text={t("live.newPassports", { count: live.held })} onShow={live.showHeld} />
        {list}
      </div>
      <PassportAttachmentsModal passport={attachmentsOf} onClose={() => setAttachmentsOf(undefined)} />
      {file.passportId !== undefined && (
        <Suspense fallback={null}>
          <PassportFileDrawer />
        </Suspense>
      )}
    </Flex>
  );
}

import { type BaseRecord, useCan, useDelete } from "@refinedev/core";
import { Flex, Input, Table } from "antd";
import type { ColumnType } from "antd/es/table";
import type { SortOrder } from "antd/es/table/interface";
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { dismissFirstScreen } from "../../first-screen/gate";
import { recordRouteOf } from "../../resources/derive";
import { useSession } from "../../session/useSession";
import { PAGE_SIZE_OPTIONS, showTotal } from "../display";
import { useFocusableScroller } from "../display/useFocusableScroller";
import { useLocalPager } from "../display/useLocalPager";
import { columnSearchProps, FilterChips, useDebouncedFilters } from "../filters";
import { useIsPhone } from "../layout/useIsNarrow";
import { failureOf, LoadFailed } from "../LoadFailed";
import { LiveNotice, useLiveList } from "../live";
import { ColumnChooser, columnChoiceKey, usePassportTableState, useColumnChoice } from "../passport-table";
import { type CardColumn, PassportCards } from "../passport-table/PassportCards";
import { pageFooter } from "../passport-table/view-model";
import { API_BASE_URL } from "../../config";
import { downloadExport, ExportButton } from "../export";
import { DeclaredCardFilters } from "./DeclaredCardFilters";
import { DeclaredImportButton } from "./DeclaredImportButton";
import { fieldText } from "../../resources/model/field-text";
import { filterEditorOf } from "./FilterEditors";
import {
  crudFiltersOf,
  exportParams,
  filterLabelsOf,
  filterShapeOf,
  filtersFromPopup,
  filterValueText,
  listFields,
  listFilterKeys,
  popupValuesOf,
  SEARCH_KEY,
  searchableFields,
  sortableInList,
  sortersOf,
} from "./list-params";
import { failureNotice, successNotice } from "./notices";
import { RecordActions } from "./RecordActions";
import type { DeclaredScreen } from "./useDeclaredScreen";
import { useDeclaredWords } from "./useDeclaredWords";
import { useListSort } from "./useListSort";
import { useReferenceTargets, useReferenceTitles } from "./useReferenceTitles";

type Row = BaseRecord & Record<string, unknown>;
type Column = ColumnType<Row> & { key: string };

const ID_COLUMN = "id";
const ACTIONS_COLUMN = "actions";

export interface RecordTableProps {
  screen: DeclaredScreen;
  permissions: { show: boolean; edit: boolean; delete: boolean };
  /** Opens the record's edit form (a modal over the list, or its page). */
  onEdit: (record: Row) => void;
  /** Shown in the toolbar, before the columns (the create button). */
  toolbar?: ReactNode;
}

const antdOrder = (order: string | null): SortOrder => (order === "desc" ? "descend" : order === "asc" ? "ascend" : null);

/**
 * A declared resource's list: paged, sorted and filtered on the server (simple-rest's `_start`,
 * `_sort`, `<field>_like`...), all of it in the URL; header filter popups per filterable field and the
 * active filters as chips; a search box when a field is searchable; the user's columns; references
 * by their records' titles; the rows' Show, Edit and Delete as the role may. On a phone the rows are
 * cards rendered by the same columns. A legacy list (slots) comes whole and is paged in the browser.
 */
export function RecordTable({ screen, permissions, onEdit, toolbar }: RecordTableProps) {
  const data = screen.data;
  const words = useDeclaredWords(data);
  const { texts, text: local, t } = words;
  // The pager's page numbers and sizes in the language's digits (issue 28).
  const pager = useLocalPager();
  const listLabel = local(screen.label);
  const legacy = Boolean(data.legacy);
  const phone = useIsPhone();
  const { user } = useSession();

  const filterKeys = useMemo(() => listFilterKeys(data), [data]);
  const state = usePassportTableState(filterKeys, false);
  const applied = useDebouncedFilters(state.filters);
  const { sort, order, setSort } = useListSort();
  const live = useLiveList<Row>({
    resource: screen.identifier,
    pagination: legacy ? { mode: "off" } : { currentPage: state.currentPage, pageSize: state.pageSize, mode: "server" },
    filters: crudFiltersOf(data, applied),
    sorters: sortersOf(data, sort, order),
  });
  const { query } = live;
  const rows = live.rows;
  const total = legacy ? rows.length : live.total;
  useLayoutEffect(() => {
    if (!query.isLoading) dismissFirstScreen();
  }, [query.isLoading]);

  // Past the last page (rows deleted, or a link's ?page=99): to the last page, as the passport lists do.
  const lastPage = query.isSuccess && !query.isFetching ? Math.max(1, Math.ceil(total / state.pageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined) state.keepPageWithin(lastPage);
  }, [lastPage, state.currentPage]);

  const targets = useReferenceTargets(screen);
  const chipIds = Object.fromEntries(targets.map(({ field }) => [field, state.filters[field] ? [state.filters[field]] : []]));
  const titleOf = useReferenceTitles(screen, rows, chipIds);

  const { mutate: remove } = useDelete();
  const onDelete = (record: Row) =>
    remove({
      resource: screen.identifier,
      id: record.id!,
      mutationMode: "pessimistic",
      successNotification: successNotice(texts.deleted),
      errorNotification: failureNotice(data),
    });

  const recordTitle = (record: Row) => String(record[data.title] ?? `#${record.id}`);
  const fields = listFields(data);
  const titles: Record<string, string> = Object.fromEntries(fields.map(([name, f]) => [name, local(f.label)]));

  const fieldColumn = ([name, field]: (typeof fields)[number]): Column => {
    const target = targets.find((t) => t.field === name)?.to;
    const column: Column = {
      key: name,
      title: local(field.label),
      dataIndex: name,
      className: field.kind === "longText" ? "passport-cell-wrap" : "passport-cell-nowrap",
      render: (value: unknown, record: Row) => {
        const text = fieldText(field, value, titleOf(name, value), words.values);
        if (name === data.title && permissions.show) return <Link to={recordRouteOf(screen, "show", record.id!)!}>{text}</Link>;
        const targetPage = target?.pages.show && value !== null && value !== undefined ? recordRouteOf(target, "show", value as number) : undefined;
        return targetPage ? <Link to={targetPage}>{text}</Link> : text;
      },
    };
    // The title stays in view at the left while the table scrolls sideways, as a passport's name does.
    if (name === data.title) column.fixed = "left";
    if (sortableInList(data, field)) Object.assign(column, { sorter: true, sortOrder: sort === name ? antdOrder(order) : null });
    if (filterShapeOf(field)) {
      const editor = filterEditorOf(field, target);
      const values = popupValuesOf(name, field, state.filters);
      Object.assign(column, columnSearchProps<Row>(name, local(field.label), editor ? values : (values[0] ?? null), editor));
    }
    return column;
  };

  // The title (and the id, if shown) always show, first; the other fields are the user's to choose.
  const locked = useMemo(() => new Set([data.title]), [data]);
  const choosable = useMemo(() => fields.map(([name]) => name), [data]);
  const choice = useColumnChoice(columnChoiceKey(user?.userId, screen.identifier), choosable, locked);
  const shown = choice.visible.flatMap((name) => fields.filter(([n]) => n === name)).map(fieldColumn);
  const idColumn: Column | undefined = data.idColumn
    ? { key: ID_COLUMN, title: local(data.idColumn), dataIndex: ID_COLUMN, fixed: "left", ...(legacy ? {} : { sorter: true, sortOrder: sort === ID_COLUMN ? antdOrder(order) : null }) }
    : undefined;
  const actions: Column | undefined =
    permissions.show || permissions.edit || permissions.delete
      ? {
          key: ACTIONS_COLUMN,
          title: texts.actions,
          fixed: "right",
          render: (_: unknown, record: Row) => (
            <RecordActions
              title={recordTitle(record)}
              showPath={permissions.show ? recordRouteOf(screen, "show", record.id!) : undefined}
              onEdit={permissions.edit ? () => onEdit(record) : undefined}
              onDelete={permissions.delete ? () => onDelete(record) : undefined}
              deleteConfirm={texts.deleteConfirm}
            />
          ),
        }
      : undefined;
  const columns = [...(idColumn ? [idColumn] : []), ...shown, ...(actions ? [actions] : [])];

  const frame = useRef<HTMLDivElement>(null);
  useFocusableScroller(frame, listLabel);
  const { failed, retry } = failureOf(query);

  const setFilter = (next: Record<string, string>) => state.setFilters(next);
  const searchable = searchableFields(data);
  const search = searchable.length > 0 && (
    <Input.Search
      aria-label={t("declared.searchList", { many: words.many })}
      placeholder={t("declared.searchBy", { fields: searchable.map(([, f]) => local(f.label).toLowerCase()).join(", ") })}
      allowClear
      style={{ width: 320, maxWidth: "100%" }}
      value={state.filters[SEARCH_KEY] ?? ""}
      onChange={(event) => setFilter({ ...state.filters, [SEARCH_KEY]: event.target.value })}
    />
  );

  let list: ReactNode;
  if (failed) {
    list = <LoadFailed messages={[t("declared.loadFailed", { manyLower: words.many.toLowerCase() })]} onRetry={retry} />;
  } else if (phone) {
    const card = (column: Column): CardColumn<Row> => ({ key: column.key, title: column.title as ReactNode, column });
    const nameColumn = shown.find((c) => c.key === data.title) ?? fieldColumn([data.title, data.fields[data.title]]);
    list = (
      <PassportCards<Row>
        label={listLabel}
        rows={rows}
        loading={live.fetching}
        rowClassName={live.rowClassName}
        name={card(nameColumn)}
        fields={[...(idColumn ? [idColumn] : []), ...shown.filter((c) => c.key !== data.title)].map(card)}
        actions={actions ? [card(actions)] : []}
        pagination={{ current: state.currentPage, pageSize: state.pageSize, total, onChange: state.setPagination }}
        footer={pageFooter(state.currentPage, state.pageSize, total)}
      />
    );
  } else {
    list = (
      <div ref={frame}>
        <Table<Row>
          className="passport-table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={live.fetching}
          rowClassName={live.rowClassName}
          scroll={{ x: "max-content" }}
          pagination={{
            current: state.currentPage,
            pageSize: state.pageSize,
            ...(legacy ? {} : { total }),
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal,
            ...pager,
          }}
          onChange={(pagination, tableFilters, sorter, { action }) => {
            if (action === "paginate") state.setPagination(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
            else if (action === "sort") {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const field = one?.order ? String(one.columnKey ?? one.field) : undefined;
              setSort(field, one?.order === "descend" ? "desc" : one?.order === "ascend" ? "asc" : undefined);
            } else if (action === "filter") {
              const next: Record<string, string> = state.filters[SEARCH_KEY] ? { [SEARCH_KEY]: state.filters[SEARCH_KEY] } : {};
              for (const [name, field] of Object.entries(data.fields)) {
                if (filterShapeOf(field) && name in tableFilters) Object.assign(next, filtersFromPopup(name, field, tableFilters[name]));
              }
              setFilter(next);
            }
          }}
        />
      </div>
    );
  }

  const canExport = useCan({ resource: screen.identifier, action: "export" }).data?.can === true;
  const exportColumns = [...(idColumn ? [ID_COLUMN] : []), ...choice.visible];
  const exportButton = canExport && (
    <ExportButton
      listLabel={listLabel}
      formats={["csv", "xlsx"]}
      download={(format, signal, onProgress) =>
        downloadExport({
          // A legacy list (slots) comes whole, in the declaration's order, on the spec's path.
          url: `${API_BASE_URL}${data.legacy ? data.legacy.paths.list : `/api/${data.name}`}`,
          params: data.legacy ? { columns: exportColumns.join(","), format } : exportParams(data, applied, sortersOf(data, sort, order), exportColumns, format),
          signal,
          onProgress,
        })
      }
    />
  );

  const hasFilters = filterKeys.length > 0;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} justify="space-between" align="center">
        {search || <span />}
        <Flex wrap gap={8} align="center">
          {toolbar}
          <DeclaredImportButton screen={screen} />
          {exportButton}
          {phone
            ? hasFilters && <DeclaredCardFilters screen={screen} targets={targets} filters={state.filters} onApply={setFilter} />
            : choice.columns.some((c) => !c.locked) && <ColumnChooser choice={choice} listLabel={listLabel} titles={titles} />}
        </Flex>
      </Flex>
      {hasFilters && (
        <FilterChips
          filters={state.filters}
          onRemove={state.removeFilter}
          onClearAll={() => state.setFilters({})}
          labels={filterLabelsOf(data, words)}
          formatValue={(key, value) => filterValueText(data, key, value, titleOf, words.values)}
        />
      )}
      <div ref={live.listRef}>
        <LiveNotice
          count={live.held}
          text={t("live.newRecords", { count: live.held, oneLower: words.one.toLowerCase(), manyLower: words.many.toLowerCase() })}
          onShow={live.showHeld}
        />
        {list}
      </div>
    </Flex>
  );
}

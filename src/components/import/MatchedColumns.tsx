import { Alert, Collapse, Table } from "antd";
import { useTranslation } from "react-i18next";
import type { ImportReport } from "../../contract";
import { useFormat } from "../../i18n/useFormat";

type Column = ImportReport["columns"][number];

export interface MatchedColumnsProps {
  columns: ImportReport["columns"];
  /**
   * A field's label in the user's language (issue 28), by the field's name: the server sends its English
   * label. When not given, or it answers nothing, the server's label is shown.
   */
  fieldLabel?: (field: string) => string | undefined;
}

/** How the file's headers were read: the fields they fill, folded away, and those used by none, in view. */
export function MatchedColumns({ columns, fieldLabel }: MatchedColumnsProps) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const unmatched = columns.filter((column) => column.field === null);
  const matched = columns.length - unmatched.length;
  const tableColumns = [
    { key: "header", dataIndex: "header", title: t("import.matched.header") },
    {
      key: "label",
      title: t("import.matched.field"),
      render: (_: unknown, column: Column) => (column.field !== null ? fieldLabel?.(column.field) : undefined) ?? column.label ?? t("import.matched.notUsed"),
    },
  ];
  return (
    <>
      {unmatched.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t("import.matched.unmatched", { count: unmatched.length, columns: unmatched.map((c) => c.header).join(", ") })}
        />
      )}
      <Collapse
        size="small"
        items={[
          {
            key: "columns",
            label: t("import.matched.summary", { matched: count(matched), total: count(columns.length) }),
            children: <Table<Column> size="small" columns={tableColumns} dataSource={columns.map((column, key) => ({ ...column, key }))} pagination={false} />,
          },
        ]}
      />
    </>
  );
}

import { Alert, Collapse, Table } from "antd";
import type { ImportReport } from "../../contract";

type Column = ImportReport["columns"][number];

const COLUMNS = [
  { key: "header", dataIndex: "header", title: "Column in the file" },
  { key: "label", title: "Field", render: (_: unknown, column: Column) => column.label ?? "Not used" },
];

/** How the file's headers were read: the fields they fill, folded away, and those used by none, in view. */
export function MatchedColumns({ columns }: { columns: ImportReport["columns"] }) {
  const unmatched = columns.filter((column) => column.field === null);
  const matched = columns.length - unmatched.length;
  return (
    <>
      {unmatched.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`${unmatched.length === 1 ? "This column matches" : "These columns match"} no field and will not be imported: ${unmatched.map((c) => c.header).join(", ")}`}
        />
      )}
      <Collapse
        size="small"
        items={[
          {
            key: "columns",
            label: `Columns matched: ${matched} of ${columns.length}`,
            children: (
              <Table<Column>
                size="small"
                columns={COLUMNS}
                dataSource={columns.map((column, key) => ({ ...column, key }))}
                pagination={false}
              />
            ),
          },
        ]}
      />
    </>
  );
}

import { Table, Typography } from "antd";
import type { ImportIssue } from "../../contract";

const COLUMNS = [
  { key: "row", dataIndex: "row", title: "Row", width: 64 },
  { key: "column", dataIndex: "column", title: "Column" },
  { key: "message", dataIndex: "message", title: "Message" },
];

/** The messages about a file's rows (its errors, or its warnings), ten at a time, under a heading. */
export function IssueTable({ id, title, issues }: { id: string; title: string; issues: readonly ImportIssue[] }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 16, margin: "0 0 8px" }}>
        {title}
      </Typography.Title>
      <Table<ImportIssue & { key: number }>
        size="small"
        columns={COLUMNS}
        dataSource={issues.map((issue, key) => ({ ...issue, key }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false, size: "small" }}
      />
    </section>
  );
}

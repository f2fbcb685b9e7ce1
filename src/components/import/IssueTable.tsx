import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ImportIssue } from "../../contract";
import { useFormat } from "../../i18n/useFormat";
import { useLocalPager } from "../display/useLocalPager";
import { issueText } from "./import-messages";

/**
 * The messages about a file's rows (its errors, or its warnings), ten at a time, under a heading. In
 * Bengali (issue 28): the row numbers and the pager in Bengali digits, the server's messages the app
 * knows in Bengali; the column is the file's header, as written.
 */
export function IssueTable({ id, title, issues }: { id: string; title: string; issues: readonly ImportIssue[] }) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const pager = useLocalPager({ showSizeChanger: false });
  const columns = [
    { key: "row", dataIndex: "row", title: t("import.issues.row"), width: 64, render: (row: number) => count(row) },
    { key: "column", dataIndex: "column", title: t("import.issues.column") },
    { key: "message", dataIndex: "message", title: t("import.issues.message"), render: (message: string) => issueText(message) },
  ];
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 16, margin: "0 0 8px" }}>
        {title}
      </Typography.Title>
      <Table<ImportIssue & { key: number }>
        size="small"
        columns={columns}
        dataSource={issues.map((issue, key) => ({ ...issue, key }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true, size: "small", ...pager }}
      />
    </section>
  );
}

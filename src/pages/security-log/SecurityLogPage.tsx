import { type CrudFilter, useList } from "@refinedev/core";
import { Button, Card, Flex, Input, Select, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useSearchParams } from "react-router";
import { PAGE_SIZE_OPTIONS, showTotal } from "../../components/display";
import { downloadExport, ExportButton } from "../../components/export";
import { API_BASE_URL } from "../../config";
import { formatDateTime } from "../../format";
import { LoadFailed, failureOf } from "../../components/LoadFailed";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PATHS, SECURITY_EVENT_KINDS, type SecurityEvent, type SecurityEventKind } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";

const LABELS = Object.fromEntries(SECURITY_EVENT_KINDS.map((k) => [k.kind, k.label])) as Record<SecurityEventKind, string>;
const WARNINGS = new Set<SecurityEventKind>(["SIGN_IN_FAILED", "ACCOUNT_LOCKED", "REFRESH_TOKEN_REUSED", "PASSWORD_CHANGE_FAILED", "ACCOUNT_DISABLED"]);
const orDash = (value: string | null) => value ?? "---";

/** URL parameters of the screen: page (1-based), size, user and kind. */
const PARAMS = { page: "page", size: "size", username: "username", kind: "kind" } as const;

function useLogQuery() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get(PARAMS.page) ?? "1", 10) || 1);
  const sizeParam = Number(params.get(PARAMS.size));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const username = params.get(PARAMS.username)?.trim() || undefined;
  const kindParam = params.get(PARAMS.kind) as SecurityEventKind | null;
  const kind = kindParam && kindParam in LABELS ? kindParam : undefined;
  /** Changes some parameters; any change but the page's goes back to page 1. */
  const update = (changes: Partial<Record<keyof typeof PARAMS, string | number | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!("page" in changes)) next.delete(PARAMS.page);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === "") next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { page, size, username, kind, update };
}

/**
 * Issue 11 "Security Log": sign-ins, lockouts, sessions ended, password changes and accounts disabled,
 * newest first, paged on the server and filtered by user and kind (kept in the URL).
 */
export default function SecurityLogPage() {
  const resource = useCurrentResource();
  const { page, size, username, kind, update } = useLogQuery();
  const filters: CrudFilter[] = [];
  if (username) filters.push({ field: "username", operator: "eq", value: username });
  if (kind) filters.push({ field: "kind", operator: "eq", value: kind });
  const { result, query } = useList<SecurityEvent>({
    resource: resource.identifier,
    pagination: { currentPage: page, pageSize: size, mode: "server" },
    filters,
    errorNotification: false,
  });
  const { failed, retry } = failureOf(query);

  const columns: ColumnsType<SecurityEvent> = [
    { title: "When", dataIndex: "at", key: "at", render: formatDateTime, width: 180 },
    {
      title: "Event",
      dataIndex: "kind",
      key: "kind",
      render: (value: SecurityEventKind) => <Tag color={WARNINGS.has(value) ? "red" : "blue"}>{LABELS[value] ?? value}</Tag>,
    },
    { title: "User", dataIndex: "username", key: "username", render: orDash },
    { title: "By", dataIndex: "actorUsername", key: "actorUsername", render: orDash },
    { title: "Address", dataIndex: "ipAddress", key: "ipAddress", render: orDash },
    { title: "Browser", dataIndex: "browser", key: "browser", render: orDash },
    { title: "Details", dataIndex: "details", key: "details", render: orDash },
  ];

  return (
    <Card>
      <Typography.Title level={3}>Security Log</Typography.Title>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          key={username ?? ""}
          aria-label="Filter by username"
          placeholder="Username"
          allowClear
          defaultValue={username}
          onSearch={(value) => update({ username: value.trim() })}
          style={{ width: 240 }}
        />
        <Select<SecurityEventKind>
          aria-label="Filter by event"
          placeholder="Every event"
          allowClear
          value={kind}
          onChange={(value) => update({ kind: value })}
          options={SECURITY_EVENT_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
          style={{ width: 220 }}
        />
        {(username || kind) && <Button onClick={() => update({ username: undefined, kind: undefined })}>Clear filters</Button>}
        <ExportButton
          listLabel="Security Log"
          formats={["csv", "xlsx"]}
          download={(format, signal, onProgress) =>
            downloadExport({
              url: `${API_BASE_URL}${PATHS.securityEvents}`,
              params: { ...(username ? { username } : {}), ...(kind ? { kind } : {}), format },
              signal,
              onProgress,
            })
          }
        />
      </Flex>
      {failed ? (
        <LoadFailed messages={["Could not load the security log."]} onRetry={retry} />
      ) : (
        <Table<SecurityEvent>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={result.data}
          loading={query.isFetching}
          scroll={{ x: 1000 }}
          pagination={{
            current: page,
            pageSize: size,
            total: result.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal,
            onChange: (nextPage, nextSize) => update(nextSize !== size ? { size: nextSize } : { page: nextPage }),
          }}
        />
      )}
    </Card>
  );
}

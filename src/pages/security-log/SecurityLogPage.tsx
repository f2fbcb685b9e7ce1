import { type CrudFilter, useList } from "@refinedev/core";
import { Button, Card, Flex, Input, Select, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PAGE_SIZE_OPTIONS, showTotal } from "../../components/display";
import { useLocalPager } from "../../components/display/useLocalPager";
import { downloadExport, ExportButton } from "../../components/export";
import { API_BASE_URL } from "../../config";
import { useFormat } from "../../i18n/useFormat";
import { useLocalText } from "../../i18n/useLocalText";
import { LoadFailed, failureOf } from "../../components/LoadFailed";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PATHS, SECURITY_EVENT_KINDS, type SecurityEvent, type SecurityEventKind } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";

/** The kinds the app knows (their English labels are the contract's; shown as securityLog.events.<KIND>). */
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
  const { t } = useTranslation();
  const text = useLocalText();
  const { dateTime } = useFormat();
  const pager = useLocalPager();
  const title = text(resource.label);
  /** An event's name in the user's language; a kind the app does not know, as the server sent it. */
  const eventName = (kind: SecurityEventKind) => (kind in LABELS ? t(`securityLog.events.${kind}`) : kind);

  const columns: ColumnsType<SecurityEvent> = [
    { title: t("securityLog.when"), dataIndex: "at", key: "at", render: (at: string) => dateTime(at), width: 180 },
    {
      title: t("securityLog.event"),
      dataIndex: "kind",
      key: "kind",
      render: (value: SecurityEventKind) => <Tag color={WARNINGS.has(value) ? "red" : "blue"}>{eventName(value)}</Tag>,
    },
    { title: t("securityLog.user"), dataIndex: "username", key: "username", render: orDash },
    { title: t("securityLog.by"), dataIndex: "actorUsername", key: "actorUsername", render: orDash },
    { title: t("securityLog.address"), dataIndex: "ipAddress", key: "ipAddress", render: orDash },
    { title: t("securityLog.browser"), dataIndex: "browser", key: "browser", render: orDash },
    { title: t("securityLog.details"), dataIndex: "details", key: "details", render: orDash },
  ];

  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          key={username ?? ""}
          aria-label={t("securityLog.filterUsername")}
          placeholder={t("securityLog.usernamePlaceholder")}
          allowClear
          defaultValue={username}
          onSearch={(value) => update({ username: value.trim() })}
          style={{ width: 240 }}
        />
        <Select<SecurityEventKind>
          aria-label={t("securityLog.filterEvent")}
          placeholder={t("securityLog.everyEvent")}
          allowClear
          value={kind}
          onChange={(value) => update({ kind: value })}
          options={SECURITY_EVENT_KINDS.map((k) => ({ value: k.kind, label: eventName(k.kind) }))}
          style={{ width: 220 }}
        />
        {(username || kind) && <Button onClick={() => update({ username: undefined, kind: undefined })}>{t("securityLog.clearFilters")}</Button>}
        <ExportButton
          listLabel={title}
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
        <LoadFailed messages={[t("securityLog.loadFailed")]} onRetry={retry} />
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
            ...pager,
          }}
        />
      )}
    </Card>
  );
}

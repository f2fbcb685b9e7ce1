import { type BaseRecord, useList } from "@refinedev/core";
import { Card, Empty, List, Space, Typography } from "antd";
import { Link } from "react-router";
import { recordRouteOf, routeOf } from "../../resources/derive";
import { failureOf, LoadFailed } from "../LoadFailed";
import { daysLeft, type ExpiringField, expiryWindow } from "./expiring";
import { useDeclaredWords } from "./useDeclaredWords";
import { useFormat } from "../../i18n/useFormat";
import { fieldText } from "../../resources/model/field-text";
import { crudFiltersOf } from "./list-params";
import { useReferenceTitles } from "./useReferenceTitles";

const SHOWN = 10;

/**
 * One declared resource's records expiring soon, on the Overview: the soonest first, each with its
 * title (opening its page), the records it references, the date and the days left; the count opens
 * the list filtered to the same days.
 */
export function ExpiringRecords({ expiring }: { expiring: ExpiringField }) {
  const { screen, field, withinDays } = expiring;
  const data = screen.data;
  const days = expiryWindow(field, withinDays);
  const { result, query } = useList<BaseRecord>({
    resource: screen.identifier,
    pagination: { currentPage: 1, pageSize: SHOWN, mode: "server" },
    filters: crudFiltersOf(data, days),
    sorters: [{ field, order: "asc" }],
    // Live (issue 29): the resource's events refetch it; nothing here is under the user's hand.
    liveMode: "auto",
  });
  const records = Array.isArray(result.data) ? result.data : [];
  const titleOf = useReferenceTitles(screen, records);
  const { failed, retry } = failureOf(query);
  const words = useDeclaredWords(data);
  const { t, many } = words;
  const format = useFormat();
  const heading = t("declared.expiringWithin", { many, days: format.count(withinDays) });
  /** "today", "1 day left", "12 days left". */
  const daysLeftText = (date: string) => {
    const days = daysLeft(date);
    return days <= 0 ? t("declared.today") : t("declared.daysLeft", { count: days, days: format.count(days) });
  };
  const listPath = `${routeOf(screen, "list")}?${new URLSearchParams(days)}`;
  const references = Object.entries(data.fields).filter(([, f]) => f.kind === "reference");
  const total = result.total ?? 0;

  return (
    <section aria-label={heading}>
      <Card
        size="small"
        title={
          <Typography.Title level={5} style={{ margin: 0 }}>
            {heading}
          </Typography.Title>
        }
        extra={
          !query.isLoading && !failed ? (
            <Link to={listPath} aria-label={t("declared.openExpiring", { heading, total: format.count(total) })}>
              {total > SHOWN ? t("declared.viewAll", { total: format.count(total) }) : format.count(total)}
            </Link>
          ) : undefined
        }
      >
        {failed ? (
          <LoadFailed messages={[t("declared.loadFailed", { manyLower: many.toLowerCase() })]} onRetry={retry} />
        ) : (
          <List
            loading={query.isLoading}
            dataSource={records}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("declared.noneExpiring", { manyLower: many.toLowerCase(), days: format.count(withinDays) })} /> }}
            renderItem={(record) => {
              const title = String(record[data.title] ?? `#${record.id}`);
              const page = screen.pages.show ? recordRouteOf(screen, "show", record.id!) : undefined;
              const date = String(record[field] ?? "");
              return (
                <List.Item>
                  <Space wrap size={[12, 4]} style={{ width: "100%", justifyContent: "space-between" }}>
                    <Space wrap size={[12, 4]}>
                      {page ? <Link to={page}>{title}</Link> : <Typography.Text>{title}</Typography.Text>}
                      {references.map(([name, f]) => (
                        <Typography.Text key={name} type="secondary">
                          {fieldText(f, record[name], titleOf(name, record[name]), words.values)}
                        </Typography.Text>
                      ))}
                    </Space>
                    <Typography.Text>
                      {format.date(date)} · <Typography.Text strong>{daysLeftText(date)}</Typography.Text>
                    </Typography.Text>
                  </Space>
                </List.Item>
              );
            }}
          />
        )}
      </Card>
    </section>
  );
}

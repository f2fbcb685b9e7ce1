import { Card, Empty, Flex, Pagination, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import type { ColumnType } from "antd/es/table";
import type { Passport } from "../../contract";
import { useFormat } from "../../i18n/useFormat";
import { useLocalPager } from "../display/useLocalPager";

/** A row a card can show: any record with an id. */
type CardRow = { id?: string | number };

/** A column as the card shows it: its title and how it renders a row (the table's own column). */
export interface CardColumn<Row = Passport> {
  key: string;
  title: ReactNode;
  column: ColumnType<Row>;
}

export interface PassportCardsProps<Row extends CardRow = Passport> {
  rows: Row[];
  loading: boolean;
  /** The name (the card's heading), passport number and status columns, as the table renders them. */
  name: CardColumn<Row>;
  passportNo?: CardColumn<Row>;
  status?: CardColumn<Row>;
  /** Labelled fields: the flags (and other values) that matter on this list. */
  fields: CardColumn<Row>[];
  /** The row's actions, unlabelled, at the foot of the card. */
  actions: CardColumn<Row>[];
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
  footer: ReactNode;
  /** The list's name, for the list's accessible name. */
  label: string;
  /** A class per card (a live list's leaving rows fade). */
  rowClassName?: (row: Row) => string;
}

function cell<Row extends CardRow>({ column }: CardColumn<Row>, passport: Row, index: number): ReactNode {
  const dataIndex = column.dataIndex as keyof Row | undefined;
  const value = dataIndex ? passport[dataIndex] : undefined;
  const rendered = column.render ? column.render(value, passport, index) : value;
  return rendered as ReactNode;
}

/**
 * A passport list on a phone: one card per passport with the name, passport number, status, the
 * list's flags and the row's actions, all rendered by the same column declarations as the table.
 * Other lists (the declared resources') use it for their records: the title, its fields, its actions.
 */
export function PassportCards<Row extends CardRow = Passport>({
  rows,
  loading,
  name,
  passportNo,
  status,
  fields,
  actions,
  pagination,
  footer,
  label,
  rowClassName,
}: PassportCardsProps<Row>) {
  const { language } = useFormat();
  // Page sizes offered past 50 rows, as antd's default (issue 28: in the language's digits).
  const pager = useLocalPager({ showSizeChanger: pagination.total > 50 });
  if (loading && rows.length === 0) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap={12}>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ul aria-label={label} aria-busy={loading} style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
          {rows.map((passport, index) => (
            <li key={passport.id} data-row-key={passport.id} className={rowClassName?.(passport) || undefined}>
              <Card size="small" data-testid="passport-card" styles={{ body: { padding: 12 } }}>
                <Flex justify="space-between" align="start" gap={8}>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                      {cell(name, passport, index)}
                    </Typography.Title>
                    {passportNo && <Typography.Text type="secondary">{cell(passportNo, passport, index)}</Typography.Text>}
                  </div>
                  {status && <div>{cell(status, passport, index)}</div>}
                </Flex>
                {fields.length > 0 && (
                  <dl className="passport-card-fields">
                    {fields.map((field) => (
                      <div key={field.key}>
                        <dt>{field.title}</dt>
                        <dd>{cell(field, passport, index)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {actions.length > 0 && (
                  <Flex wrap gap={8} align="center" style={{ marginTop: 8 }}>
                    {actions.map((action) => (
                      <div key={action.key}>{cell(action, passport, index)}</div>
                    ))}
                  </Flex>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Flex vertical align="center" gap={4}>
        {/*
          antd's simple pager writes the number of pages as a bare number, in Latin digits whatever
          the locale: in Bengali, the pager of a few page numbers, small to fit a phone, in Bengali digits.
        */}
        <Pagination
          simple={language === "en"}
          size={language === "en" ? undefined : "small"}
          showLessItems
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          onChange={pagination.onChange}
          {...pager}
        />
        <Typography.Text type="secondary">{footer}</Typography.Text>
      </Flex>
    </Flex>
  );
}

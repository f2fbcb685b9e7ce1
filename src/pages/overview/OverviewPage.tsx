import { Card, Col, Flex, List, Row, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../components/LoadFailed";
import { passportColumnTitle } from "../../components/display";
import { t } from "../../i18n/i18n";
import { type Formatter, useFormat } from "../../i18n/useFormat";
import { useLocalText } from "../../i18n/useLocalText";
import { AgentFilter } from "../../components/filters";
import { listLink, usePassportOverview } from "../../components/overview";
import { useAgents } from "../../components/passport-table";
import { type AttentionItem, ATTENTION_ITEMS, MILESTONES, type PassportOverview, type PassportStatus } from "../../contract";
import { useCurrentResource, useResourceDeclarations } from "../../components/resource-context";
import { ExpiringRecords, expiringFieldsOf } from "../../components/declared";

/** What each "Needs attention" item says; `filter` is the item's list filter as the server answered it. */
function attentionText(item: AttentionItem, filter: Record<string, string>, date: Formatter["date"]): { title: string; detail: string } {
  switch (item) {
    case "visaExpiring":
      return { title: t("overview.attention.visaExpiring.title"), detail: t("overview.attention.visaExpiring.detail", { date: date(filter.visaExpireTo) }) };
    case "passportExpiring":
      return {
        title: t("overview.attention.passportExpiring.title"),
        detail: t("overview.attention.passportExpiring.detail", { date: date(filter.passportExpireTo) }),
      };
    case "flightsSoon":
      return { title: t("overview.attention.flightsSoon.title"), detail: t("overview.attention.flightsSoon.detail", { from: date(filter.flightFrom), to: date(filter.flightTo) }) };
    case "waitingLong":
      return { title: t("overview.attention.waitingLong.title"), detail: t("overview.attention.waitingLong.detail", { date: date(filter.statusChangedTo) }) };
  }
}

/** A count that opens its list, or plain text when the role has no list showing it. */
function Count({ value, to, label, big }: { value: number; to: string | undefined; label: string; big?: boolean }) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const style = big ? { fontSize: 28, fontWeight: 600 } : undefined;
  const shown = count(value);
  return to ? (
    <Link to={to} aria-label={t("overview.countLabel", { label, count: shown })} style={style}>
      {shown}
    </Link>
  ) : (
    <span style={style}>{shown}</span>
  );
}

function StageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col xs={24} sm={12} xl={8}>
      <Card title={title} size="small" style={{ height: "100%" }}>
        {children}
      </Card>
    </Col>
  );
}

/**
 * The Overview of a role (issue 14): how many passports are at each stage and what needs attention,
 * within the role's passports (an agent's own; for admins and super admins every agent's, or the one
 * chosen). Every count opens the list of those passports, filtered.
 */
export default function OverviewPage() {
  const resource = useCurrentResource();
  const text = useLocalText();
  const resources = useResourceDeclarations();
  const role = resource.role;
  const withAgent = role !== "AGENT";
  const [params, setParams] = useSearchParams();
  const agentId = withAgent ? params.get("agentId") || undefined : undefined;
  const { agents, loading: agentsLoading } = useAgents(withAgent);
  const { overview, loading, failed, retry } = usePassportOverview({ agentId });
  const { t } = useTranslation();

  const link = (status: PassportStatus, filter?: Record<string, string>, milestone?: (typeof MILESTONES)[number]["field"]) =>
    listLink(resources, role, status, filter, { agentId, milestone });
  // The declared resources' records expiring soon (issue 26): whichever the role may list.
  const expiring = expiringFieldsOf(resources, role);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {text(resource.label)}
      </Typography.Title>
      {withAgent && (
        <AgentFilter
          agents={agents}
          loading={agentsLoading}
          value={agentId}
          onChange={(id) =>
            setParams((previous) => {
              const next = new URLSearchParams(previous);
              if (id === undefined) next.delete("agentId");
              else next.set("agentId", String(id));
              return next;
            })
          }
        />
      )}
      {failed ? (
        <LoadFailed messages={[t("overview.failed")]} onRetry={retry} />
      ) : loading || !overview ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <OverviewContent overview={overview} link={link} />
      )}
      {expiring.length > 0 && (
        <section aria-labelledby="overview-expiring">
          <Typography.Title level={4} id="overview-expiring">
            {t("overview.expiringSoon")}
          </Typography.Title>
          <Flex vertical gap={16}>
            {expiring.map((item) => (
              <ExpiringRecords key={`${item.screen.identifier}:${item.field}`} expiring={item} />
            ))}
          </Flex>
        </section>
      )}
    </Flex>
  );
}

function OverviewContent({
  overview,
  link,
}: {
  overview: PassportOverview;
  link: (status: PassportStatus, filter?: Record<string, string>, milestone?: (typeof MILESTONES)[number]["field"]) => string | undefined;
}) {
  const { t } = useTranslation();
  const { date, digits, count } = useFormat();
  const { byStatus, reviewedMilestones, decidedThisMonth, attention } = overview;
  const month = decidedThisMonth.filter;
  const statusLabel = (status: PassportStatus) => t(`statuses.${status}`);
  return (
    <>
      <section aria-labelledby="overview-stages">
        <Typography.Title level={4} id="overview-stages">
          {t("overview.stages")}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          <StageCard title={t("overview.pendingReview")}>
            <Count big value={byStatus.PENDING} to={link("PENDING")} label={t("overview.pendingReview")} />
          </StageCard>
          <StageCard title={t("overview.reviewedInProgress")}>
            <Count big value={byStatus.REVIEWED} to={link("REVIEWED")} label={statusLabel("REVIEWED")} />
            <List
              size="small"
              split={false}
              aria-label={t("overview.milestonesDone")}
              dataSource={[...MILESTONES]}
              renderItem={(m) => (
                <List.Item style={{ padding: "2px 0" }}>
                  <Flex justify="space-between" style={{ width: "100%" }}>
                    <span>{passportColumnTitle(m.field)}</span>
                    <Count
                      value={reviewedMilestones[m.field]}
                      to={link("REVIEWED", { [m.field]: "true" }, m.field)}
                      label={t("overview.milestoneDone", { milestone: passportColumnTitle(m.field) })}
                    />
                  </Flex>
                </List.Item>
              )}
            />
          </StageCard>
          <StageCard title={t("overview.completedWaiting")}>
            <Count big value={byStatus.COMPLETED} to={link("COMPLETED")} label={statusLabel("COMPLETED")} />
          </StageCard>
          <StageCard title={t("overview.approvedThisMonth")}>
            <Count big value={decidedThisMonth.approved} to={link("APPROVED", month)} label={t("overview.approvedThisMonth")} />
          </StageCard>
          <StageCard title={t("overview.rejectedThisMonth")}>
            <Count big value={decidedThisMonth.rejected} to={link("REJECTED", month)} label={t("overview.rejectedThisMonth")} />
          </StageCard>
        </Row>
      </section>
      <section aria-labelledby="overview-attention">
        <Typography.Title level={4} id="overview-attention">
          {t("overview.needsAttention")}
        </Typography.Title>
        <List
          bordered
          dataSource={[...ATTENTION_ITEMS]}
          renderItem={(item) => {
            const { byStatus: counts, total, filter } = attention[item];
            const { title, detail } = attentionText(item, filter, date);
            return (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{title}</span>
                      <Typography.Text strong aria-label={t("overview.countLabel", { label: title, count: count(total) })}>
                        {count(total)}
                      </Typography.Text>
                    </Space>
                  }
                  description={
                    <Flex vertical gap={4}>
                      <span>{detail}</span>
                      <Space wrap size={[16, 4]}>
                        {(Object.entries(counts) as [PassportStatus, number][]).map(([status, n]) => (
                          <span key={status}>
                            {statusLabel(status)}: <Count value={n} to={link(status, filter)} label={t("overview.statusCount", { title, status: statusLabel(status) })} />
                          </span>
                        ))}
                      </Space>
                    </Flex>
                  }
                />
              </List.Item>
            );
          }}
        />
      </section>
    </>
  );
}

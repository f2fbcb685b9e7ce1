import { Card, Col, Flex, List, Row, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadFailed } from "../../components/LoadFailed";
import { useLocalText } from "../../i18n/useLocalText";
import { formatDate } from "../../format";
import { AgentFilter } from "../../components/filters";
import { listLink, usePassportOverview } from "../../components/overview";
import { useAgents } from "../../components/passport-table";
import { type AttentionItem, ATTENTION_ITEMS, MILESTONES, type PassportOverview, type PassportStatus } from "../../contract";
import { useCurrentResource, useResourceDeclarations } from "../../components/resource-context";
import { ExpiringRecords, expiringFieldsOf } from "../../components/declared";

export const OVERVIEW_FAILED = "Could not load the overview.";

const STATUS_LABELS: Record<PassportStatus, string> = {
  PENDING: "Pending",
  REVIEWED: "Reviewed",
  COMPLETED: "Completed",
  APPROVED: "Approved",
  REJECTED: "Rejected",
};

/** What each "Needs attention" item says; `filter` is the item's list filter as the server answered it. */
const ATTENTION_TEXTS: Record<AttentionItem, { title: string; detail: (filter: Record<string, string>) => string }> = {
  visaExpiring: {
    title: "Visas expiring within 30 days",
    detail: (f) => `Visa expired or expiring by ${formatDate(f.visaExpireTo)}, before the passport is done.`,
  },
  passportExpiring: {
    title: "Passports expiring within 6 months",
    detail: (f) => `Passport expires by ${formatDate(f.passportExpireTo)}: not enough validity left to travel.`,
  },
  flightsSoon: {
    title: "Flights in the next 7 days",
    detail: (f) => `Flight from ${formatDate(f.flightFrom)} to ${formatDate(f.flightTo)}.`,
  },
  waitingLong: {
    title: "Waiting in one stage for more than 14 days",
    detail: (f) => `In the same status since ${formatDate(f.statusChangedTo)} or earlier.`,
  },
};

/** A count that opens its list, or plain text when the role has no list showing it. */
function Count({ value, to, label, big }: { value: number; to: string | undefined; label: string; big?: boolean }) {
  const style = big ? { fontSize: 28, fontWeight: 600 } : undefined;
  return to ? (
    <Link to={to} aria-label={`${label}: ${value}`} style={style}>
      {value}
    </Link>
  ) : (
    <span style={style}>{value}</span>
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
        <LoadFailed messages={[OVERVIEW_FAILED]} onRetry={retry} />
      ) : loading || !overview ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <OverviewContent overview={overview} link={link} />
      )}
      {expiring.length > 0 && (
        <section aria-labelledby="overview-expiring">
          <Typography.Title level={4} id="overview-expiring">
            Expiring soon
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
  const { byStatus, reviewedMilestones, decidedThisMonth, attention } = overview;
  const month = decidedThisMonth.filter;
  return (
    <>
      <section aria-labelledby="overview-stages">
        <Typography.Title level={4} id="overview-stages">
          Stages
        </Typography.Title>
        <Row gutter={[16, 16]}>
          <StageCard title="Pending review">
            <Count big value={byStatus.PENDING} to={link("PENDING")} label="Pending review" />
          </StageCard>
          <StageCard title="Reviewed, in progress">
            <Count big value={byStatus.REVIEWED} to={link("REVIEWED")} label="Reviewed" />
            <List
              size="small"
              split={false}
              aria-label="Reviewed passports with each milestone Done"
              dataSource={[...MILESTONES]}
              renderItem={(m) => (
                <List.Item style={{ padding: "2px 0" }}>
                  <Flex justify="space-between" style={{ width: "100%" }}>
                    <span>{m.label}</span>
                    <Count value={reviewedMilestones[m.field]} to={link("REVIEWED", { [m.field]: "true" }, m.field)} label={`${m.label} Done`} />
                  </Flex>
                </List.Item>
              )}
            />
          </StageCard>
          <StageCard title="Completed, waiting for final approval">
            <Count big value={byStatus.COMPLETED} to={link("COMPLETED")} label="Completed" />
          </StageCard>
          <StageCard title="Approved this month">
            <Count big value={decidedThisMonth.approved} to={link("APPROVED", month)} label="Approved this month" />
          </StageCard>
          <StageCard title="Rejected this month">
            <Count big value={decidedThisMonth.rejected} to={link("REJECTED", month)} label="Rejected this month" />
          </StageCard>
        </Row>
      </section>
      <section aria-labelledby="overview-attention">
        <Typography.Title level={4} id="overview-attention">
          Needs attention
        </Typography.Title>
        <List
          bordered
          dataSource={[...ATTENTION_ITEMS]}
          renderItem={(item) => {
            const { byStatus: counts, total, filter } = attention[item];
            const { title, detail } = ATTENTION_TEXTS[item];
            return (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{title}</span>
                      <Typography.Text strong aria-label={`${title}: ${total}`}>
                        {total}
                      </Typography.Text>
                    </Space>
                  }
                  description={
                    <Flex vertical gap={4}>
                      <span>{detail(filter)}</span>
                      <Space wrap size={[16, 4]}>
                        {(Object.entries(counts) as [PassportStatus, number][]).map(([status, n]) => (
                          <span key={status}>
                            {STATUS_LABELS[status]}: <Count value={n} to={link(status, filter)} label={`${title}, ${STATUS_LABELS[status]}`} />
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

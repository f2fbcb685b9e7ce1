import { Drawer, Flex, Skeleton, Tabs, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { AttachmentsView } from "../attachments";
import { StatusTag } from "../display";
import { useIsNarrow } from "../layout/useIsNarrow";
import { LoadFailed } from "../LoadFailed";
import { usePassportAttachments } from "../passport-table/usePassportAttachments";
import { CommentThread } from "./CommentThread";
import { EventTimeline } from "./EventTimeline";
import { MilestoneSteps } from "./MilestoneSteps";
import { PassportDetails } from "./PassportDetails";
import { usePassportFile } from "./usePassportFile";
import { type FileTab, usePassportFileParam } from "./usePassportFileParam";

interface Part<T> {
  data: T | undefined;
  failed: boolean;
  retry: () => void;
}

function loaded<T>(part: Part<T>, failure: string, render: (data: T) => ReactNode): ReactNode {
  if (part.failed) return <LoadFailed messages={[failure]} onRetry={part.retry} />;
  return part.data === undefined ? <Skeleton active /> : render(part.data);
}

/** The Documents tab: fetched only once it is opened (documents are the heaviest part of the file). */
function FileDocuments({ passportId }: { passportId: number }) {
  const { attachments, loading, failed, retry } = usePassportAttachments(passportId);
  return <AttachmentsView loading={loading} attachments={attachments} failed={failed} onRetry={retry} />;
}

/**
 * The passport's file (issue 14), open while the list's URL has `?passport={id}`: every field, the
 * milestones as steps with their dates, every comment of every role, the timeline of who did what,
 * and the documents as the Attachments modal shows them.
 */
export default function PassportFileDrawer() {
  const { passportId, tab, showTab, closeFile } = usePassportFileParam();
  const { passport, comments, events } = usePassportFile(passportId);
  const narrow = useIsNarrow();
  const { t } = useTranslation();
  const { count } = useFormat();
  const record = passport.data;

  const tabs: { key: FileTab; label: string; children: ReactNode }[] = record
    ? [
        {
          key: "details",
          label: t("passportFile.details"),
          children: (
            <Flex vertical gap={16}>
              <PassportDetails passport={record} />
              <div>
                <Typography.Title level={5}>{t("milestones.title")}</Typography.Title>
                <MilestoneSteps passport={record} events={events.data} />
              </div>
            </Flex>
          ),
        },
        {
          key: "comments",
          label: t("passportFile.commentsTab", { number: count(comments.data?.length ?? record.commentCount ?? 0) }),
          // The spec gives no texts for the file's failures (ours).
          children: loaded(comments, t("passportFile.commentsFailed"), (list) => <CommentThread comments={list} />),
        },
        { key: "timeline", label: t("passportFile.timeline"), children: loaded(events, t("passportFile.eventsFailed"), (list) => <EventTimeline events={list} />) },
        { key: "documents", label: t("passportFile.documents"), children: <FileDocuments passportId={record.id} /> },
      ]
    : [];

  return (
    <Drawer
      open={passportId !== undefined}
      onClose={closeFile}
      width={narrow ? "100%" : 760}
      destroyOnHidden
      title={
        record ? (
          <Flex gap={8} align="center" wrap>
            <span>{record.fullName}</span>
            <Typography.Text type="secondary">{record.passportNo}</Typography.Text>
            <StatusTag status={record.isSuperAdminApproved} />
          </Flex>
        ) : (
          t("passportFile.passport")
        )
      }
    >
      {passport.failed ? (
        <LoadFailed messages={[t("passportFile.failed")]} onRetry={passport.retry} />
      ) : record ? (
        <Tabs activeKey={tab} onChange={(key) => showTab(key as FileTab)} items={tabs} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}

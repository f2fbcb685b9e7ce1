import { Empty, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PassportEventRecord } from "../../contract";
import { useFormat } from "../../i18n/useFormat";
import { describeEvent } from "./event-text";

/** The passport's history, oldest first: when, who, what (old → new). */
export function EventTimeline({ events }: { events: readonly PassportEventRecord[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (events.length === 0) return <Empty description={t("passportFile.noEvents")} />;
  return (
    <Timeline
      aria-label={t("passportFile.timeline")}
      items={events.map((event) => ({
        key: event.id,
        children: (
          <>
            <Typography.Text type="secondary">{format.dateTime(event.at)}</Typography.Text>
            <div>
              <Typography.Text strong>{event.username ?? t("passportFile.deletedUser")}</Typography.Text> {describeEvent(event, format)}
            </div>
          </>
        ),
      }))}
    />
  );
}

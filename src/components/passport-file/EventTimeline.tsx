import { Empty, Timeline, Typography } from "antd";
import type { PassportEventRecord } from "../../contract";
import { formatDateTime } from "../../format";
import { DELETED_USER } from "./CommentThread";
import { describeEvent } from "./event-text";

export const NO_EVENTS_TEXT = "Nothing recorded yet.";

/** The passport's history, oldest first: when, who, what (old → new). */
export function EventTimeline({ events }: { events: readonly PassportEventRecord[] }) {
  if (events.length === 0) return <Empty description={NO_EVENTS_TEXT} />;
  return (
    <Timeline
      aria-label="Timeline"
      items={events.map((event) => ({
        key: event.id,
        children: (
          <>
            <Typography.Text type="secondary">{formatDateTime(event.at)}</Typography.Text>
            <div>
              <Typography.Text strong>{event.username ?? DELETED_USER}</Typography.Text> {describeEvent(event)}
            </div>
          </>
        ),
      }))}
    />
  );
}

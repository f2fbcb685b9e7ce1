import { List, Tag, Typography } from "antd";
import type { PassportComment } from "../../contract";
import { formatDateTime } from "../../format";

export const NO_COMMENTS_TEXT = "No comments yet.";
export const DELETED_USER = "A deleted user";
const ROLE_LABELS: Record<PassportComment["role"], string> = { ADMIN: "Admin", SUPER_ADMIN: "Super Admin" };

/** Every comment of every role, oldest first, with who wrote it, as which role, and when. */
export function CommentThread({ comments }: { comments: readonly PassportComment[] }) {
  return (
    <List
      aria-label="Comments"
      dataSource={[...comments]}
      locale={{ emptyText: NO_COMMENTS_TEXT }}
      renderItem={(comment) => (
        <List.Item>
          <List.Item.Meta
            title={
              <span>
                <Typography.Text strong>{comment.username ?? DELETED_USER}</Typography.Text>{" "}
                <Tag color={comment.role === "SUPER_ADMIN" ? "purple" : "green"}>{ROLE_LABELS[comment.role]}</Tag>{" "}
                <Typography.Text type="secondary">{formatDateTime(comment.at)}</Typography.Text>
              </span>
            }
            description={<Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{comment.text}</Typography.Paragraph>}
          />
        </List.Item>
      )}
    />
  );
}

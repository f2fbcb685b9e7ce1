import { List, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PassportComment } from "../../contract";
import { useFormat } from "../../i18n/useFormat";

/** Every comment of every role, oldest first, with who wrote it, as which role, and when. */
export function CommentThread({ comments }: { comments: readonly PassportComment[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <List
      aria-label={t("passportFile.comments")}
      dataSource={[...comments]}
      locale={{ emptyText: t("passportFile.noComments") }}
      renderItem={(comment) => (
        <List.Item>
          <List.Item.Meta
            title={
              <span>
                <Typography.Text strong>{comment.username ?? t("passportFile.deletedUser")}</Typography.Text>{" "}
                <Tag color={comment.role === "SUPER_ADMIN" ? "purple" : "green"}>{t(`common.roles.${comment.role}`)}</Tag>{" "}
                <Typography.Text type="secondary">{dateTime(comment.at)}</Typography.Text>
              </span>
            }
            description={<Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{comment.text}</Typography.Paragraph>}
          />
        </List.Item>
      )}
    />
  );
}

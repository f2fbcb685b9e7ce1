import { EditOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { Busy } from "../Busy";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fillPath, type Passport } from "../../contract";
import { t as translate } from "../../i18n/i18n";
import { useFormat } from "../../i18n/useFormat";
import { ACTION_MESSAGES, usePassportAction } from "../passport-actions";
import { usePassportFileParam } from "../passport-file";
import { CommentDialog } from "./CommentDialog";

/** "1 comment", "3 comments": the size of the passport's thread, every role's; `shown` is the count as the language writes it. */
export const commentCountText = (count: number, shown: string = String(count)) => translate("comments.count", { count, shown });

export interface CommentCellProps {
  passport: Passport;
  field: "commentByAdmin" | "commentBySuperAdmin";
  /** PATHS.commentByAdmin or PATHS.commentBySuperAdmin; the body is `{ [field]: comment }`. */
  path: string;
  /**
   * Without it the comment is only shown. undefined while access is still being checked: a small
   * spinner shows, rather than the read-only "---" that would flash before "Write a comment".
   */
  editable: boolean | undefined;
}

/**
 * A passport's latest comment of the column's role, "Write a comment" when there is none; clicking
 * opens the Comment dialog, which adds a comment to the thread (spec §2, §8; issue 14). Below it, how
 * many comments the thread holds, every role's, opening them in the passport's file.
 */
export function CommentCell({ passport, field, path, editable }: CommentCellProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const { openFile } = usePassportFileParam();
  const comment = passport[field] ?? "";
  const count = passport.commentCount ?? 0;
  const countText = commentCountText(count, format.count(count));
  const empty = t("comments.write");
  const thread =
    count > 0 ? (
      <Button
        type="link"
        size="small"
        onClick={() => openFile(passport.id, "comments")}
        aria-label={t("comments.countOn", { comments: countText, name: passport.fullName })}
        style={{ padding: 0, height: "auto" }}
      >
        {countText}
      </Button>
    ) : null;

  if (editable === undefined) return <Busy size="small" label={t("comments.checkingAccess")} />;
  if (!editable) {
    return (
      <Flex vertical align="start">
        <Typography.Text>{comment || "---"}</Typography.Text>
        {thread}
      </Flex>
    );
  }

  return (
    <Flex vertical align="start">
      <Button
        type="link"
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        // Starts with the visible text, so what is said matches what is seen (WCAG 2.5.3).
        aria-label={comment ? t("comments.commentOn", { comment, name: passport.fullName }) : t("comments.writeOn", { name: passport.fullName })}
        style={{ whiteSpace: "normal", textAlign: "left", height: "auto" }}
      >
        {comment || empty}
      </Button>
      {thread}
      {open && <CommentEditor passport={passport} field={field} path={path} onClose={() => setOpen(false)} />}
    </Flex>
  );
}

/**
 * The Comment dialog and the call that saves it: mounted when opened, so that a page of rows does not
 * set up ten calls no one makes (the list draws sooner on a slow phone).
 */
function CommentEditor({ passport, field, path, onClose }: Pick<CommentCellProps, "passport" | "field" | "path"> & { onClose: () => void }) {
  const { run, busy } = usePassportAction();
  const submit = async (text: string) => {
    const updated = await run({ url: fillPath(path, { id: passport.id }), payload: { [field]: text } }, ACTION_MESSAGES.comment);
    if (updated) onClose();
  };
  return <CommentDialog open initialValue="" saving={busy} onSubmit={submit} onCancel={onClose} />;
}

import { EditOutlined } from "@ant-design/icons";
import { Button, Typography } from "antd";
import { Busy } from "../Busy";
import { useState } from "react";
import { fillPath, type Passport } from "../../contract";
import { ACTION_MESSAGES, usePassportAction } from "../passport-actions";
import { CommentDialog } from "./CommentDialog";

export const EMPTY_COMMENT_TEXT = "Write a comment";
export const CHECKING_COMMENT_ACCESS_LABEL = "Checking access";

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

/** A passport's comment, "Write a comment" when empty; clicking opens the Comment dialog (spec §2, §8). */
export function CommentCell({ passport, field, path, editable }: CommentCellProps) {
  const [open, setOpen] = useState(false);
  const { run, busy } = usePassportAction();
  const comment = passport[field] ?? "";

  if (editable === undefined) return <Busy size="small" label={CHECKING_COMMENT_ACCESS_LABEL} />;
  if (!editable) return <Typography.Text>{comment || "---"}</Typography.Text>;

  const submit = async (text: string) => {
    const updated = await run({ url: fillPath(path, { id: passport.id }), payload: { [field]: text } }, ACTION_MESSAGES.comment);
    if (updated) setOpen(false);
  };

  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        // Starts with the visible text, so what is said matches what is seen (WCAG 2.5.3).
        aria-label={comment ? `${comment} (comment on ${passport.fullName})` : `${EMPTY_COMMENT_TEXT} on ${passport.fullName}`}
        style={{ whiteSpace: "normal", textAlign: "left", height: "auto" }}
      >
        {comment || EMPTY_COMMENT_TEXT}
      </Button>
      {open && (
        <CommentDialog open initialValue={comment} saving={busy} onSubmit={submit} onCancel={() => setOpen(false)} />
      )}
    </>
  );
}

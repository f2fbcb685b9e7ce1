import { Input, Modal, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_COMMENT, commentSchema } from "../../contract";
import { translateMessage } from "../../i18n/messages";

export interface CommentDialogProps {
  open: boolean;
  initialValue: string;
  saving: boolean;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}

/**
 * The "Comment" dialog (spec §2): a 5 to 7 row textarea, Submit and Cancel. Mount it per passport.
 * Every comment is kept in the passport's thread, so one that is blank once cleaned (nothing typed,
 * or only spaces and invisible characters) is refused with the server's message, "Write a comment".
 */
export function CommentDialog({ open, initialValue, saving, onSubmit, onCancel }: CommentDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string>();
  const errorId = useId();
  const submit = () => {
    const checked = commentSchema.safeParse(value);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    onSubmit(checked.data);
  };
  return (
    <Modal
      title={t("comments.dialogTitle")}
      open={open}
      okText={t("comments.submit")}
      cancelText={t("comments.cancel")}
      confirmLoading={saving}
      okButtonProps={{ disabled: value === "" }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label={t("comments.field")}
        placeholder={t("comments.placeholder")}
        autoSize={{ minRows: 5, maxRows: 7 }}
        maxLength={MAX_COMMENT}
        value={value}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      {error && (
        <Typography.Text type="danger" id={errorId} role="alert">
          {translateMessage(error)}
        </Typography.Text>
      )}
    </Modal>
  );
}

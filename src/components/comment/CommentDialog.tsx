import { Input, Modal } from "antd";
import { useState } from "react";

export interface CommentDialogProps {
  open: boolean;
  initialValue: string;
  saving: boolean;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}

/**
 * The "Comment" dialog (spec §2): a 5 to 7 row textarea, Submit and Cancel. Mount it per passport.
 * Submit waits for some text: every comment is kept in the passport's thread, so a blank one means nothing.
 */
export function CommentDialog({ open, initialValue, saving, onSubmit, onCancel }: CommentDialogProps) {
  const [value, setValue] = useState(initialValue);
  return (
    <Modal
      title="Comment"
      open={open}
      okText="Submit"
      cancelText="Cancel"
      confirmLoading={saving}
      okButtonProps={{ disabled: value.trim() === "" }}
      onOk={() => onSubmit(value.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label="Comment"
        placeholder="Write comment here"
        autoSize={{ minRows: 5, maxRows: 7 }}
        maxLength={2000}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </Modal>
  );
}

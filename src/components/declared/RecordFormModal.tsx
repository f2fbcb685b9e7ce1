import type { BaseKey } from "@refinedev/core";
import { Modal } from "antd";
import { RecordForm } from "./RecordForm";
import type { DeclaredScreen } from "./useDeclaredScreen";
import { useDeclaredWords } from "./useDeclaredWords";

export interface RecordFormModalProps {
  screen: DeclaredScreen;
  /** Closed when undefined; `{}` creates, `{ id }` edits. */
  open: { id?: BaseKey } | undefined;
  onClose: () => void;
}

/** The create or edit form in a modal over the list or the record's page (a declaration's default `form`). */
export function RecordFormModal({ screen, open, onClose }: RecordFormModalProps) {
  const { texts } = useDeclaredWords(screen.data);
  const editing = open?.id !== undefined;
  return (
    <Modal title={editing ? texts.editTitle : texts.createTitle} open={open !== undefined} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {open && <RecordForm key={String(open.id ?? "new")} screen={screen} id={open.id} onSaved={onClose} />}
    </Modal>
  );
}

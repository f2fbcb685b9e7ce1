import { Button, Popconfirm, Space } from "antd";
import { Link } from "react-router";

export interface RecordActionsProps {
  /** The record's title, in the buttons' accessible names and the confirmation. */
  title: string;
  /** Its page, when the role may open it. */
  showPath?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  deleteConfirm: string;
}

/** A row's Show, Edit and Delete (Delete after a confirmation naming the record), each only when given. */
export function RecordActions({ title, showPath, onEdit, onDelete, deleteConfirm }: RecordActionsProps) {
  return (
    <Space wrap size={4}>
      {showPath && (
        <Link to={showPath} aria-label={`Show ${title}`} style={{ padding: "0 7px" }}>
          Show
        </Link>
      )}
      {onEdit && (
        <Button size="small" onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Popconfirm title={deleteConfirm} description={title || undefined} okText="Yes" cancelText="No" onConfirm={onDelete}>
          <Button size="small" danger aria-label={`Delete ${title}`}>
            Delete
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

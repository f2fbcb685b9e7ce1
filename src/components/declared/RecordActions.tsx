import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  return (
    <Space wrap size={4}>
      {showPath && (
        <Link to={showPath} aria-label={t("declared.showNamed", { title })} style={{ padding: "0 7px" }}>
          {t("declared.show")}
        </Link>
      )}
      {onEdit && (
        <Button size="small" onClick={onEdit} aria-label={t("declared.editNamed", { title })}>
          {t("declared.edit")}
        </Button>
      )}
      {onDelete && (
        <Popconfirm title={deleteConfirm} description={title || undefined} okText={t("declared.yes")} cancelText={t("declared.no")} onConfirm={onDelete}>
          <Button size="small" danger aria-label={t("declared.deleteNamed", { title })}>
            {t("declared.delete")}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

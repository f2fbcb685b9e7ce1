import { EditOutlined } from "@ant-design/icons";
import { type BaseRecord, useDelete, useOne } from "@refinedev/core";
import { Button, Card, Flex, Popconfirm, Skeleton, Typography } from "antd";
import { useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import {
  failureNotice,
  RecordDetails,
  RecordFormModal,
  RecordHistory,
  successNotice,
  useDeclaredScreen,
  useRecordPermissions,
} from "../../components/declared";
import { failureOf, LoadFailed } from "../../components/LoadFailed";
import { isResyncEvent } from "../../providers/live-provider";
import { recordRouteOf, routeOf } from "../../resources/derive";
import { useDeclaredWords } from "../../components/declared";

/**
 * A declared record's page (issue 26): its title, Edit and Delete as the role may, every field, and
 * the timeline of its history.
 */
export default function DeclaredShowPage() {
  const screen = useDeclaredScreen();
  const data = screen.data;
  const { texts, t, one } = useDeclaredWords(data);
  const id = useParams().id!;
  const navigate = useNavigate();
  const permissions = useRecordPermissions(screen);
  const [editing, setEditing] = useState(false);
  // Live (issue 29): another user's change to this record is shown (its history follows its updatedAt).
  const refetch = useRef<() => unknown>(() => undefined);
  const { result, query } = useOne<BaseRecord>({
    resource: screen.identifier,
    id,
    liveMode: "manual",
    // Refine keeps the first callback it is given: it reads the refetch through the ref.
    onLiveEvent: (event) => {
      if (isResyncEvent(event) || (event.payload?.ids ?? []).map(String).includes(id)) refetch.current();
    },
  });
  refetch.current = () => void query.refetch();
  const { mutate: remove, mutation: removing } = useDelete();
  const { failed, retry } = failureOf(query);

  if (failed) {
    const missing = (query.error as { statusCode?: number } | null)?.statusCode === 404;
    return <LoadFailed messages={[missing ? t("declared.notFound", { one }) : t("declared.loadOneFailed", { oneLower: one.toLowerCase() })]} onRetry={missing ? undefined : retry} />;
  }
  if (query.isLoading || !result) return <Skeleton active paragraph={{ rows: 8 }} />;

  const record = result;
  const title = String(record[data.title] ?? `#${id}`);
  const edit = () => (data.form === "page" ? navigate(recordRouteOf(screen, "edit", id)!) : setEditing(true));
  const onDelete = () =>
    remove(
      { resource: screen.identifier, id, mutationMode: "pessimistic", successNotification: successNotice(texts.deleted), errorNotification: failureNotice(data) },
      { onSuccess: () => navigate(routeOf(screen, "list")!) },
    );

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
        <Flex wrap gap={8}>
          {permissions.edit && (
            <Button icon={<EditOutlined aria-hidden />} onClick={edit} aria-label={t("declared.editNamed", { title })}>
              {t("declared.edit")}
            </Button>
          )}
          {permissions.delete && (
            <Popconfirm title={texts.deleteConfirm} description={title} okText={t("declared.yes")} cancelText={t("declared.no")} onConfirm={onDelete}>
              <Button danger loading={removing.isPending} aria-label={t("declared.deleteNamed", { title })}>
                {t("declared.delete")}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
      <RecordDetails screen={screen} record={record} />
      <Card title={<Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>{t("declared.history")}</Typography.Title>} size="small">
        <RecordHistory screen={screen} id={id} version={record.updatedAt} />
      </Card>
      {permissions.edit && data.form !== "page" && <RecordFormModal screen={screen} open={editing ? { id } : undefined} onClose={() => setEditing(false)} />}
    </Flex>
  );
}

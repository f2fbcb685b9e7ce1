import { PlusOutlined } from "@ant-design/icons";
import { type BaseRecord, useCan, useCreate, useDelete, useList, useNotification, useUpdate } from "@refinedev/core";
import { Button, Flex, Popconfirm, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { PAGE_SIZE_OPTIONS, showTotal } from "../../components/display";
import { useCurrentResource } from "../../components/resource-context";
import { ResourceFormModal } from "./ResourceFormModal";

type Row = BaseRecord & Record<string, unknown>;

/**
 * The list page of a plain resource (slots), built from its declaration's `crud` block: columns, an
 * action column with Edit and Delete, and a create button, each shown only to roles the declaration
 * allows. Successes are toasted with the declared messages; failures are only logged (spec §8 Slot).
 */
export default function ResourceListPage() {
  const resource = useCurrentResource();
  const crud = resource.crud;
  if (!crud) throw new Error(`Resource ${resource.identifier} declares no crud block`);
  const identifier = resource.identifier;

  const { data: canCreate } = useCan({ resource: identifier, action: "create" });
  const { data: canEdit } = useCan({ resource: identifier, action: "edit" });
  const { data: canDelete } = useCan({ resource: identifier, action: "delete" });
  const { result, query } = useList<Row>({ resource: identifier, pagination: { mode: "off" } });
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const { mutateAsync: remove } = useDelete();
  const { open: notify } = useNotification();
  const [form, setForm] = useState<{ record?: Row } | undefined>();

  const quiet = { successNotification: false, errorNotification: false } as const;
  const toast = (message: string) => notify?.({ type: "success", message });

  const submit = async (values: Record<string, unknown>) => {
    try {
      if (form?.record) {
        await update({ resource: identifier, id: form.record.id!, values, mutationMode: "pessimistic", ...quiet });
        toast(crud.messages.updated);
      } else {
        await create({ resource: identifier, values, ...quiet });
        toast(crud.messages.created);
      }
      setForm(undefined);
    } catch (error) {
      console.error(error);
    }
  };

  const onDelete = async (record: Row) => {
    try {
      await remove({ resource: identifier, id: record.id!, mutationMode: "pessimistic", ...quiet });
      toast(crud.messages.deleted);
    } catch (error) {
      console.error(error);
    }
  };

  const columns: ColumnsType<Row> = crud.columns.map((column) => ({
    key: column.key,
    title: column.title,
    dataIndex: column.dataIndex ?? column.key,
  }));
  if (canEdit?.can || canDelete?.can) {
    columns.push({
      key: "actions",
      title: crud.actionsTitle,
      render: (_, record) => {
        const name = crud.recordName ? String(record[crud.recordName] ?? "") : "";
        return (
          <Space>
            {canEdit?.can && (
              <Button size="small" onClick={() => setForm({ record })} aria-label={name ? `Edit ${name}` : undefined}>
                Edit
              </Button>
            )}
            {canDelete?.can && (
              <Popconfirm
                title={crud.texts.deleteConfirm}
                description={name || undefined}
                okText="Yes"
                cancelText="No"
                onConfirm={() => onDelete(record)}
              >
                <Button size="small" danger aria-label={name ? `Delete ${name}` : undefined}>
                  Delete
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <>
      {/* The heading (crud.title) is the screen's h1, in the top bar. */}
      <Flex justify="end" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        {canCreate?.can && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})}>
            {crud.texts.createButton}
          </Button>
        )}
      </Flex>
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={query.isFetching}
        pagination={{ showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS, showTotal }}
      />
      <ResourceFormModal
        crud={crud}
        open={form !== undefined}
        record={form?.record}
        submitting={creating.isPending || updating.isPending}
        onSubmit={submit}
        onClose={() => setForm(undefined)}
      />
    </>
  );
}

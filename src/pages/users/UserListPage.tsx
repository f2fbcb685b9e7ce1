import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { App, Button, Card, Popconfirm, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useNavigate } from "react-router";
import { showTotal } from "../../components/display";
import { fillPath, type User } from "../../contract";
import { useCurrentResource } from "../../resources/current-resource";
import { routeOf } from "../../resources/derive";
import { serverErrorMessage, useUserApi } from "./useUserApi";

/** Spec §9: the user list shows 10 users a page. */
export const USER_LIST_PAGE_SIZE = 10;

const orDash = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "---");

/** Spec §2 User List: Username, Contact Number, Email, Address, Roles, Actions (Edit, Delete). */
export default function UserListPage() {
  const resource = useCurrentResource();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const api = useUserApi();
  const [currentPage, setCurrentPage] = useState(1);
  const { result, query } = useList<User>({
    resource: resource.identifier,
    pagination: { currentPage, pageSize: USER_LIST_PAGE_SIZE, mode: "server" },
  });
  const editRoute = routeOf(resource, "edit")!;

  const remove = async (user: User) => {
    try {
      await api.deleteUser(user.id);
      notification.success({ message: "User deleted successfully" });
    } catch (error) {
      notification.error({ message: "Failed to delete user", description: serverErrorMessage(error) });
    }
  };

  const columns: ColumnsType<User> = [
    { title: "Username", dataIndex: "username", key: "username" },
    { title: "Contact Number", dataIndex: "contactNumber", key: "contactNumber" },
    { title: "Email", dataIndex: "email", key: "email" },
    { title: "Address", dataIndex: "address", key: "address", render: orDash },
    {
      title: "Roles",
      key: "roles",
      render: (_, user) => user.roles.map((role) => role.name).join(", "),
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, user) => (
        <Space>
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label={`Edit ${user.username}`}
            onClick={() => navigate(fillPath(editRoute, { userId: user.id }))}
          >
            Edit
          </Button>
          <Popconfirm
            title="Are you sure?"
            description={
              <>
                <div>{`Delete the user ${user.username}.`}</div>
                <div>This action cannot be undone.</div>
              </>
            }
            okText="Delete"
            okButtonProps={{ danger: true }}
            cancelText="Cancel"
            onConfirm={() => remove(user)}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${user.username}`}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={query.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: currentPage,
          pageSize: USER_LIST_PAGE_SIZE,
          total: result.total ?? 0,
          showSizeChanger: false,
          showTotal,
          onChange: setCurrentPage,
        }}
      />
    </Card>
  );
}

import { CheckCircleOutlined, DeleteOutlined, EditOutlined, LogoutOutlined, StopOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { App, Button, Card, Flex, Popconfirm, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useNavigate } from "react-router";
import { showTotal } from "../../components/display";
import { downloadExport, ExportButton } from "../../components/export";
import { API_BASE_URL } from "../../config";
import { fillPath, PATHS, type User } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { routeOf } from "../../resources/derive";
import { useSession } from "../../session/useSession";
import { serverErrorMessage, useUserApi } from "./useUserApi";

/** Spec §9: the user list shows 10 users a page. */
export const USER_LIST_PAGE_SIZE = 10;

const orDash = (value: string | null | undefined) => (value && value.trim() !== "" ? value : "---");

/**
 * Spec §2 User List: Username, Contact Number, Email, Address, Roles, Actions (Edit, Delete); ours
 * (issue 11): a "Disabled" tag, Disable/Enable and "Sign out everywhere", each after a confirmation
 * naming the user. A super admin's own row has neither: they cannot disable themself, and sign their
 * other sessions out from the profile page.
 */
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
  const myId = useSession().user?.userId;

  const remove = async (user: User) => {
    try {
      await api.deleteUser(user.id);
      notification.success({ message: "User deleted successfully" });
    } catch (error) {
      notification.error({ message: "Failed to delete user", description: serverErrorMessage(error) });
    }
  };

  /** Runs a session action and toasts its outcome: the server's words, else `done`. */
  const act = async (action: () => Promise<string | undefined>, done: string, failed: string) => {
    try {
      notification.success({ message: (await action()) ?? done });
    } catch (error) {
      notification.error({ message: failed, description: serverErrorMessage(error) });
    }
  };
  const setEnabled = (user: User, enabled: boolean) => {
    const verb = enabled ? "enable" : "disable";
    return act(() => api.setEnabled(user.id, enabled), `${user.username} ${verb}d`, `Could not ${verb} ${user.username}`);
  };
  const signOutEverywhere = (user: User) =>
    act(() => api.revokeSessions(user.id), `${user.username} was signed out everywhere`, `Could not sign out ${user.username}`);

  const columns: ColumnsType<User> = [
    {
      title: "Username",
      dataIndex: "username",
      key: "username",
      render: (username: string, user) => (
        <Space size={4} wrap>
          <span>{username}</span>
          {user.enabled === false && <Tag color="red">Disabled</Tag>}
        </Space>
      ),
    },
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
        <Space wrap>
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
          {user.id !== myId && user.enabled !== undefined && (
            <Popconfirm
              title={user.enabled ? `Disable ${user.username}?` : `Enable ${user.username}?`}
              description={
                user.enabled
                  ? `${user.username} is signed out at once and cannot sign in until enabled again. Their passports stay.`
                  : `${user.username} can sign in again.`
              }
              okText={user.enabled ? "Disable" : "Enable"}
              okButtonProps={{ danger: user.enabled }}
              cancelText="Cancel"
              onConfirm={() => setEnabled(user, !user.enabled)}
            >
              <Button
                icon={user.enabled ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
                aria-label={`${user.enabled ? "Disable" : "Enable"} ${user.username}`}
              >
                {user.enabled ? "Disable" : "Enable"}
              </Button>
            </Popconfirm>
          )}
          {user.id !== myId && user.enabled !== false && (
            <Popconfirm
              title={`Sign ${user.username} out everywhere?`}
              description={`Every session of ${user.username} ends; they can sign in again.`}
              okText="Sign out"
              cancelText="Cancel"
              onConfirm={() => signOutEverywhere(user)}
            >
              <Button icon={<LogoutOutlined aria-hidden />} aria-label={`Sign out everywhere: ${user.username}`}>
                Sign out everywhere
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <ExportButton
          listLabel="Users"
          formats={["csv", "xlsx"]}
          download={(format, signal, onProgress) => downloadExport({ url: `${API_BASE_URL}${PATHS.allUsers}`, params: { format }, signal, onProgress })}
        />
      </Flex>
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

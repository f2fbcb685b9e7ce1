import { CheckCircleOutlined, DeleteOutlined, EditOutlined, LogoutOutlined, StopOutlined } from "@ant-design/icons";
import { App, Button, Card, Flex, Popconfirm, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocalText } from "../../i18n/useLocalText";
import { showTotal } from "../../components/display";
import { useLocalPager } from "../../components/display/useLocalPager";
import { downloadExport, ExportButton } from "../../components/export";
import { LiveNotice, useLiveList } from "../../components/live";
import { API_BASE_URL } from "../../config";
import { fillPath, PATHS, type User } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { routeOf } from "../../resources/derive";
import { i18n } from "../../i18n/i18n";
import { useSession } from "../../session/useSession";
import { serverErrorMessage, useUserApi } from "./useUserApi";

/** Spec §9: the user list shows 10 users a page. */
export const USER_LIST_PAGE_SIZE = 10;

/** A role as the list names it: as the server writes it in English (the spec's "ADMIN, AGENT"), by its name in Bengali. */
const roleName = (role: string) => (i18n.language === "bn" ? i18n.t(`common.roles.${role}`, { defaultValue: role }) : role);

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
  const { t } = useTranslation();
  const text = useLocalText();
  const api = useUserApi();
  const [currentPage, setCurrentPage] = useState(1);
  const live = useLiveList<User>({
    resource: resource.identifier,
    pagination: { currentPage, pageSize: USER_LIST_PAGE_SIZE, mode: "server" },
  });
  const pager = useLocalPager();
  const editRoute = routeOf(resource, "edit")!;
  const myId = useSession().user?.userId;

  const remove = async (user: User) => {
    try {
      await api.deleteUser(user.id);
      notification.success({ message: t("users.deleted") });
    } catch (error) {
      notification.error({ message: t("users.deleteFailed"), description: serverErrorMessage(error) });
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
    const name = user.username;
    return enabled
      ? act(() => api.setEnabled(user.id, true), t("users.enabled", { name }), t("users.enableFailed", { name }))
      : act(() => api.setEnabled(user.id, false), t("users.disabled", { name }), t("users.disableFailed", { name }));
  };
  const signOutEverywhere = (user: User) =>
    act(() => api.revokeSessions(user.id), t("users.signedOutEverywhere", { name: user.username }), t("users.signOutFailed", { name: user.username }));

  const columns: ColumnsType<User> = [
    {
      title: t("users.username"),
      dataIndex: "username",
      key: "username",
      render: (username: string, user) => (
        <Space size={4} wrap>
          <span>{username}</span>
          {user.enabled === false && <Tag color="red">{t("users.disabledTag")}</Tag>}
        </Space>
      ),
    },
    { title: t("users.contactNumber"), dataIndex: "contactNumber", key: "contactNumber" },
    { title: t("users.email"), dataIndex: "email", key: "email" },
    { title: t("users.address"), dataIndex: "address", key: "address", render: orDash },
    {
      title: t("users.roles"),
      key: "roles",
      render: (_, user) => user.roles.map((role) => roleName(role.name)).join(", "),
    },
    {
      title: t("users.actions"),
      key: "actions",
      render: (_, user) => (
        <Space wrap>
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label={t("users.editNamed", { name: user.username })}
            onClick={() => navigate(fillPath(editRoute, { userId: user.id }))}
          >
            {t("users.edit")}
          </Button>
          <Popconfirm
            title={t("users.deleteConfirm")}
            description={
              <>
                <div>{t("users.deleteWhom", { name: user.username })}</div>
                <div>{t("users.cannotUndo")}</div>
              </>
            }
            okText={t("users.delete")}
            okButtonProps={{ danger: true }}
            cancelText={t("users.cancel")}
            onConfirm={() => remove(user)}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={t("users.deleteNamed", { name: user.username })}>
              {t("users.delete")}
            </Button>
          </Popconfirm>
          {user.id !== myId && user.enabled !== undefined && (
            <Popconfirm
              title={user.enabled ? t("users.disableConfirm", { name: user.username }) : t("users.enableConfirm", { name: user.username })}
              description={user.enabled ? t("users.disableMeans", { name: user.username }) : t("users.enableMeans", { name: user.username })}
              okText={user.enabled ? t("users.disable") : t("users.enable")}
              okButtonProps={{ danger: user.enabled }}
              cancelText={t("users.cancel")}
              onConfirm={() => setEnabled(user, !user.enabled)}
            >
              <Button
                icon={user.enabled ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
                aria-label={user.enabled ? t("users.disableNamed", { name: user.username }) : t("users.enableNamed", { name: user.username })}
              >
                {user.enabled ? t("users.disable") : t("users.enable")}
              </Button>
            </Popconfirm>
          )}
          {user.id !== myId && user.enabled !== false && (
            <Popconfirm
              title={t("users.signOutConfirm", { name: user.username })}
              description={t("users.signOutMeans", { name: user.username })}
              okText={t("users.signOut")}
              cancelText={t("users.cancel")}
              onConfirm={() => signOutEverywhere(user)}
            >
              <Button icon={<LogoutOutlined aria-hidden />} aria-label={t("users.signOutEverywhereNamed", { name: user.username })}>
                {t("users.signOutEverywhere")}
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
          listLabel={text(resource.label)}
          formats={["csv", "xlsx"]}
          download={(format, signal, onProgress) => downloadExport({ url: `${API_BASE_URL}${PATHS.allUsers}`, params: { format }, signal, onProgress })}
        />
      </Flex>
      <div ref={live.listRef}>
        <LiveNotice count={live.held} text={t("live.newUsers", { count: live.held })} onShow={live.showHeld} />
        <Table<User>
          rowKey="id"
          columns={columns}
          dataSource={live.rows}
          loading={live.fetching}
          rowClassName={live.rowClassName}
          scroll={{ x: 900 }}
          pagination={{
            current: currentPage,
            pageSize: USER_LIST_PAGE_SIZE,
            total: live.total,
            showTotal,
            onChange: setCurrentPage,
            // Page numbers in the language's digits; the page size is fixed (spec §9).
            ...pager,
            showSizeChanger: false,
          }}
        />
      </div>
    </Card>
  );
}

import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { App, Button, Dropdown, Space } from "antd";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../session/token";

export const LOGOUT_CONFIRM = "Are you sure you want to log out?";

/** Display name (sub), first role, Profile and Logout with confirmation (spec §2 Layout). */
export function UserMenu({ user }: { user: SessionUser }) {
  const { modal } = App.useApp();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();

  const confirmLogout = () =>
    modal.confirm({
      title: LOGOUT_CONFIRM,
      okText: "Logout",
      cancelText: "No",
      onOk: () => logout(),
    });

  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          { key: "profile", icon: <UserOutlined />, label: "Profile", onClick: () => navigate("/profile") },
          { key: "logout", icon: <LogoutOutlined />, label: "Logout", danger: true, onClick: confirmLogout },
        ],
      }}
    >
      <Button type="primary" aria-label="User menu">
        <Space size={6}>
          <UserOutlined />
          <span data-testid="user-name">{user.sub}</span>
          <span data-testid="user-role" style={{ opacity: 0.85, fontSize: 12 }}>
            {user.roles[0] ?? ""}
          </span>
        </Space>
      </Button>
    </Dropdown>
  );
}

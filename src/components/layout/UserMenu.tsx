import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { App, Button, Dropdown, Space } from "antd";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../session/token";

export const LOGOUT_CONFIRM = "Are you sure you want to log out?";

/**
 * Display name (sub), first role, Profile and Logout with confirmation (spec §2 Layout). `compact`
 * (phones) shows the icon alone; the name and role are then in the button's name and the menu.
 */
export function UserMenu({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  const { modal } = App.useApp();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const role = user.roles[0] ?? "";

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
          ...(compact ? [{ key: "who", label: `${user.sub} (${role})`, disabled: true }] : []),
          { key: "profile", icon: <UserOutlined />, label: "Profile", onClick: () => navigate("/profile") },
          { key: "logout", icon: <LogoutOutlined />, label: "Logout", danger: true, onClick: confirmLogout },
        ],
      }}
    >
      {/* The name holds the visible text (name and role), so speech input can say what it sees. */}
      <Button type="primary" aria-label={`User menu: ${user.sub} ${role}`.trim()} icon={compact ? <UserOutlined aria-hidden /> : undefined}>
        {!compact && (
          <Space size={6}>
            <UserOutlined aria-hidden />
            <span data-testid="user-name">{user.sub}</span>
            <span data-testid="user-role" style={{ fontSize: 12 }}>
              {role}
            </span>
          </Space>
        )}
      </Button>
    </Dropdown>
  );
}

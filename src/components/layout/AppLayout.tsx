import { ConfigProvider, Drawer, Layout, Typography } from "antd";
import { useState } from "react";
import { Outlet } from "react-router";
import type { Role } from "../../contract";
import { landingRoleOf, primaryRole } from "../../session/landing";
import { useSession } from "../../session/useSession";
import { HeaderBar } from "./HeaderBar";
import { antdThemeFor, ROLE_THEMES } from "./role-theme";
import { SideMenu } from "./SideMenu";
import { useIsNarrow } from "./useIsNarrow";

const SIDER_WIDTH = 240;

function Brand() {
  return (
    <Typography.Title level={5} style={{ color: "#fff", margin: 0, padding: "20px 24px" }}>
      Passport Back Office
    </Typography.Title>
  );
}

/**
 * The signed-in frame: role-coloured sidebar (a slide-in drawer below 1120 px), top bar, page.
 * `dashboardRole` picks the menu; /profile shows the menu of the user's landing dashboard.
 */
export default function AppLayout({ dashboardRole }: { dashboardRole?: Role }) {
  const { user } = useSession();
  const narrow = useIsNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!user) return null;

  const colourRole = primaryRole(user.roles);
  const menuRole = dashboardRole ?? landingRoleOf(user.roles) ?? colourRole;
  const theme = ROLE_THEMES[colourRole];
  const menu = <SideMenu dashboardRole={menuRole} roles={user.roles} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <ConfigProvider theme={antdThemeFor(colourRole)}>
      <Layout style={{ minHeight: "100vh" }} data-role-theme={theme.name}>
        {!narrow && (
          <Layout.Sider width={SIDER_WIDTH} aria-label="Sidebar" data-testid="sidebar" style={{ background: theme.sider }}>
            <Brand />
            {menu}
          </Layout.Sider>
        )}
        {narrow && (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="left"
            width={SIDER_WIDTH}
            closable={false}
            aria-label="Mobile menu"
            data-testid="mobile-menu"
            styles={{ body: { padding: 0, background: theme.sider } }}
          >
            <Brand />
            {menu}
          </Drawer>
        )}
        <Layout>
          <HeaderBar user={user} searchRole={menuRole} onOpenMenu={narrow ? () => setDrawerOpen(true) : undefined} />
          <Layout.Content style={{ padding: 16, overflow: "auto" }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}

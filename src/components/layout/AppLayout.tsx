import { ConfigProvider, Drawer, Layout } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import type { Role } from "../../contract";
import { landingRoleOf, primaryRole } from "../../session/landing";
import { useSession } from "../../session/useSession";
import { HeaderBar } from "./HeaderBar";
import { antdThemeFor, ROLE_THEMES } from "./role-theme";
import { SideMenu } from "./SideMenu";
import { useIsNarrow, useIsPhone } from "./useIsNarrow";

const SIDER_WIDTH = 240;

/** The product's name atop the menu (not a heading: the screen's title is its one h1). */
function Brand() {
  const { t } = useTranslation();
  return (
    <div style={{ color: "#fff", fontWeight: 600, fontSize: 16, padding: "20px 24px" }} data-testid="brand">
      {t("common.productName")}
    </div>
  );
}

/**
 * The signed-in frame: role-coloured sidebar (a slide-in drawer below 1120 px), top bar, page.
 * `dashboardRole` picks the menu; /profile shows the menu of the user's landing dashboard.
 */
export default function AppLayout({ dashboardRole }: { dashboardRole?: Role }) {
  const { user } = useSession();
  const narrow = useIsNarrow();
  const phone = useIsPhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t } = useTranslation();
  if (!user) return null;

  const colourRole = primaryRole(user.roles);
  const menuRole = dashboardRole ?? landingRoleOf(user.roles) ?? colourRole;
  const theme = ROLE_THEMES[colourRole];
  const narrowPadding = phone ? 8 : 16;
  const menu = <SideMenu dashboardRole={menuRole} roles={user.roles} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <ConfigProvider theme={antdThemeFor(colourRole)}>
      <Layout style={{ minHeight: "100vh" }} data-role-theme={theme.name}>
        {!narrow && (
          <Layout.Sider width={SIDER_WIDTH} aria-label={t("layout.sidebar")} data-testid="sidebar" style={{ background: theme.sider }}>
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
            aria-label={t("layout.mobileMenu")}
            data-testid="mobile-menu"
            styles={{ body: { padding: 0, background: theme.sider } }}
          >
            <Brand />
            {menu}
          </Drawer>
        )}
        <Layout style={{ minWidth: 0 }}>
          <HeaderBar user={user} searchRole={menuRole} onOpenMenu={narrow ? () => setDrawerOpen(true) : undefined} />
          {/* No scroll box of its own: the window scrolls, so table headers stick to its top and the
              sideways scroll bar to its bottom. */}
          <Layout.Content style={{ padding: narrowPadding, minWidth: 0 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}

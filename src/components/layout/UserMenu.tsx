import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { App, Button, Divider, Dropdown, theme } from "antd";
import { type CSSProperties, cloneElement, isValidElement, type KeyboardEvent, type ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS, type Language } from "../../contract";
import { useLanguage } from "../../i18n/useLanguage";
import { http } from "../../providers/session-http";
import type { SessionUser } from "../../session/token";
import { LanguageSwitch } from "../LanguageSwitch";

/** The language chosen in the user menu is the account's at once (issue 28: PUT /auth/language). */
const saveLanguage = (language: Language) => http.put(PATHS.language, { language });

/**
 * antd's dropdown closes on any Tab but the first (which focuses the popup): within the popup, Tab
 * moves on to the language buttons instead; past the last one (or before the first) it closes as usual.
 */
function tabWithinPopup(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "Tab") return;
  const popup = event.currentTarget;
  const stops = [...popup.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([disabled])')];
  const active = document.activeElement as HTMLElement | null;
  const leaving = event.shiftKey ? active === popup || active === stops[0] : active === stops.at(-1);
  if (!leaving) event.stopPropagation();
}
/**
 * Display name (sub), first role, Profile and Logout with confirmation (spec §2 Layout), and the
 * language (issue 28). `compact` (phones) shows the icon alone; the name and role are then in the
 * button's name and the menu.
 */
export function UserMenu({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  const { modal } = App.useApp();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { token } = theme.useToken();
  const role = user.roles[0];
  // English shows the role as the spec does ("ADMIN"); Bengali its name ("অ্যাডমিন").
  const roleText = !role ? "" : language === "en" ? role : t(`common.roles.${role}`);

  const confirmLogout = () =>
    modal.confirm({
      title: t("layout.logoutConfirm"),
      okText: t("layout.logout"),
      cancelText: t("layout.no"),
      onOk: () => logout(),
    });

  return (
    <Dropdown
      trigger={["click"]}
      // The menu, and below it the language switch (buttons, so outside the menu's role="menu").
      popupRender={(menu) => (
        <div
          tabIndex={-1}
          onKeyDown={tabWithinPopup}
          style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}
        >
          {isValidElement(menu) ? cloneElement(menu as ReactElement<{ style?: CSSProperties }>, { style: { boxShadow: "none" } }) : menu}
          <Divider style={{ margin: 0 }} />
          <div style={{ padding: 4 }}>
            <LanguageSwitch save={saveLanguage} />
          </div>
        </div>
      )}
      menu={{
        items: [
          ...(compact ? [{ key: "who", label: `${user.sub} (${roleText})`, disabled: true }] : []),
          { key: "profile", icon: <UserOutlined />, label: t("layout.profile"), onClick: () => navigate("/profile") },
          { key: "logout", icon: <LogoutOutlined />, label: t("layout.logout"), danger: true, onClick: confirmLogout },
        ],
      }}
    >
      {/* The name starts with the visible text (name, then role), so speech input can say what it sees
          (WCAG 2.5.3); a real space between the two, so the visible text reads as two words. */}
      <Button
        type="primary"
        aria-label={t("layout.userMenu", { name: user.sub, role: roleText }).replace(/\s+,/, ",")}
        icon={compact ? <UserOutlined aria-hidden /> : undefined}
      >
        {!compact && (
          <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <UserOutlined aria-hidden />
            <span data-testid="user-name">{user.sub}</span>{" "}
            <span data-testid="user-role" style={{ fontSize: 12 }}>
              {roleText}
            </span>
          </span>
        )}
      </Button>
    </Dropdown>
  );
}

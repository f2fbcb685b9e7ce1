import { MenuOutlined, SearchOutlined } from "@ant-design/icons";
import { Breadcrumb, Button, Layout, Popover, Typography } from "antd";
import { Link, useLocation } from "react-router";
import type { Role } from "../../contract";
import { useLocalText } from "../../i18n/useLocalText";
import { screenHeading } from "../../resources/screen-heading";
import type { SessionUser } from "../../session/token";
import { PassportSearchBox } from "../passport-search";
import { useResourceDeclarations } from "../resource-context";
import { useIsPhone } from "./useIsNarrow";
import { UserMenu } from "./UserMenu";

export { segmentTitle } from "../../resources/screen-heading";

export interface HeaderBarProps {
  user: SessionUser;
  /** The dashboard whose lists the Search box searches. */
  searchRole?: Role;
  onOpenMenu?: () => void;
}

/**
 * Top bar (spec §2 Layout): breadcrumb and the screen's title (its one h1), Search box, user menu. On
 * a phone it keeps to one row: no breadcrumb, the Search box behind a button, the user menu as an icon.
 */
export function HeaderBar({ user, searchRole, onOpenMenu }: HeaderBarProps) {
  const { pathname } = useLocation();
  const phone = useIsPhone();
  const text = useLocalText();
  const { title, crumbs } = screenHeading(useResourceDeclarations(), pathname);
  return (
    <Layout.Header
      style={{
        background: "#fff",
        padding: phone ? "0 8px" : "0 16px",
        height: "auto",
        lineHeight: "normal",
        display: "flex",
        alignItems: "center",
        gap: phone ? 8 : 16,
        flexWrap: phone ? "nowrap" : "wrap",
        borderBottom: "1px solid #f0f0f0",
      }}
    >
      {onOpenMenu && <Button type="primary" icon={<MenuOutlined />} aria-label="Open menu" onClick={onOpenMenu} />}
      <div style={{ flex: 1, minWidth: phone ? 0 : 200, padding: "8px 0" }}>
        {!phone && (
          <Breadcrumb
            aria-label="Breadcrumb"
            items={crumbs.map((crumb, index) => ({
              title: crumb.path && index < crumbs.length - 1 ? <Link to={crumb.path}>{text(crumb.label)}</Link> : text(crumb.label),
            }))}
          />
        )}
        <Typography.Title
          level={1}
          ellipsis={phone ? { tooltip: false } : false}
          style={{ margin: 0, fontSize: phone ? 18 : 20, lineHeight: 1.4 }}
          data-testid="page-title"
        >
          {text(title)}
        </Typography.Title>
      </div>
      {phone ? (
        <Popover trigger="click" placement="bottomRight" content={<PassportSearchBox role={searchRole} autoFocus />}>
          <Button icon={<SearchOutlined />} aria-label="Search passports" />
        </Popover>
      ) : (
        <PassportSearchBox role={searchRole} />
      )}
      <UserMenu user={user} compact={phone} />
    </Layout.Header>
  );
}

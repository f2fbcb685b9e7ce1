import { MenuOutlined } from "@ant-design/icons";
import { Breadcrumb, Button, Layout, Typography } from "antd";
import { useLocation } from "react-router";
import type { Role } from "../../contract";
import type { SessionUser } from "../../session/token";
import { PassportSearchBox } from "../passport-search";
import { UserMenu } from "./UserMenu";

/** "work-permit" → "Work Permit". */
export function segmentTitle(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export interface HeaderBarProps {
  user: SessionUser;
  /** The dashboard whose lists the Search box searches. */
  searchRole?: Role;
  onOpenMenu?: () => void;
}

/** Top bar (spec §2 Layout): breadcrumb and title from the path, Search box, user menu. */
export function HeaderBar({ user, searchRole, onOpenMenu }: HeaderBarProps) {
  const segments = useLocation().pathname.split("/").filter(Boolean);
  const title = segmentTitle(segments.at(-1) ?? "");
  return (
    <Layout.Header
      style={{
        background: "#fff",
        padding: "0 16px",
        height: "auto",
        lineHeight: "normal",
        display: "flex",
        alignItems: "center",
        gap: 16,
        flexWrap: "wrap",
        borderBottom: "1px solid #f0f0f0",
      }}
    >
      {onOpenMenu && <Button type="primary" icon={<MenuOutlined />} aria-label="Open menu" onClick={onOpenMenu} />}
      <div style={{ flex: 1, minWidth: 200, padding: "8px 0" }}>
        <Breadcrumb aria-label="Breadcrumb" items={segments.map((segment) => ({ title: segmentTitle(segment) }))} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
          {title}
        </Typography.Title>
      </div>
      {/* Spec §2's Search box does nothing; issue 5 makes it search passports (usePassportSearch). */}
      <PassportSearchBox role={searchRole} />
      <UserMenu user={user} />
    </Layout.Header>
  );
}

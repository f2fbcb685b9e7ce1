import { useOne } from "@refinedev/core";
import { Alert, Card, Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { User } from "../contract";
import { useSession } from "../session/useSession";
import { ChangePasswordCard } from "./profile/ChangePasswordCard";
import { SessionsCard } from "./profile/SessionsCard";
import { useSessions } from "./profile/useSessions";

const orDash = (value: string | undefined | null) => (value && value.trim() !== "" ? value : "---");

/**
 * The signed-in user's details and roles (falling back to what the token says if the server cannot
 * answer), where they are signed in, and a change-password form.
 */
export default function ProfilePage() {
  const { user } = useSession();
  const { t, i18n } = useTranslation();
  // A role as the User List names it: its code in English, its name in Bengali (issue 28).
  const roleName = (role: string) => (i18n.language === "bn" ? t(`common.roles.${role}`, { defaultValue: role }) : role);
  const { query, result } = useOne<User>({
    resource: "users",
    id: user?.userId,
    queryOptions: { enabled: user !== null, retry: false },
    errorNotification: false,
  });
  const sessions = useSessions();
  if (!user) return null;

  const details = result;
  const roles = details?.roles.map((r) => r.name) ?? user.roles;
  return (
    <>
      <Card loading={query.isLoading}>
        {query.isError && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t("profile.detailsFailed")} />
        )}
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t("users.username")}>{details?.username ?? user.sub}</Descriptions.Item>
          <Descriptions.Item label={t("users.email")}>{orDash(details?.email)}</Descriptions.Item>
          <Descriptions.Item label={t("users.contactNumber")}>{orDash(details?.contactNumber)}</Descriptions.Item>
          <Descriptions.Item label={t("users.address")}>{orDash(details?.address)}</Descriptions.Item>
          <Descriptions.Item label={t("users.roles")}>
            {roles.map((role) => (
              <Tag key={role}>{roleName(role)}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <SessionsCard api={sessions} />
      <ChangePasswordCard api={sessions} />
    </>
  );
}

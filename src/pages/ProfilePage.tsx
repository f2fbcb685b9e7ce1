import { useOne } from "@refinedev/core";
import { Alert, Card, Descriptions, Tag } from "antd";
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
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="Could not load your details; showing what your session knows." />
        )}
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="Username">{details?.username ?? user.sub}</Descriptions.Item>
          <Descriptions.Item label="Email">{orDash(details?.email)}</Descriptions.Item>
          <Descriptions.Item label="Contact Number">{orDash(details?.contactNumber)}</Descriptions.Item>
          <Descriptions.Item label="Address">{orDash(details?.address)}</Descriptions.Item>
          <Descriptions.Item label="Roles">
            {roles.map((role) => (
              <Tag key={role}>{role}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <SessionsCard api={sessions} />
      <ChangePasswordCard api={sessions} />
    </>
  );
}

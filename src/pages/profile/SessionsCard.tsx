import { App, Button, Card, Flex, Popconfirm, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { formatDateTime } from "../../format";
import { LoadFailed } from "../../components/LoadFailed";
import type { SessionInfo } from "../../contract";
import { ApiRequestError } from "../../providers/http-errors";
import type { SessionsApi } from "./useSessions";

const reasonOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : undefined);

/**
 * Where the user is signed in: browser, address, when each session began and was last used, with
 * "Sign out" for each other session and "Sign out everywhere else" (issue 11).
 */
export function SessionsCard({ api }: { api: SessionsApi }) {
  const { notification } = App.useApp();
  const others = api.sessions.filter((s) => !s.current);

  const signOut = async (session: SessionInfo) => {
    try {
      await api.signOut(session.id);
      notification.success({ message: `Signed out ${session.browser}` });
    } catch (error) {
      notification.error({ message: "Could not sign out that session", description: reasonOf(error) });
    }
  };

  const signOutOthers = async () => {
    try {
      notification.success({ message: (await api.signOutOthers()) ?? "Signed out everywhere else" });
    } catch (error) {
      notification.error({ message: "Could not sign out your other sessions", description: reasonOf(error) });
    }
  };

  const columns: ColumnsType<SessionInfo> = [
    {
      title: "Browser",
      key: "browser",
      render: (_, session) => (
        <Space size={4} wrap>
          <span>{session.browser}</span>
          {session.current && <Tag color="green">This browser</Tag>}
        </Space>
      ),
    },
    { title: "Address", dataIndex: "ipAddress", key: "ipAddress", render: (ip: string | null) => ip ?? "---" },
    { title: "Signed in", dataIndex: "createdAt", key: "createdAt", render: formatDateTime },
    { title: "Last used", dataIndex: "lastUsedAt", key: "lastUsedAt", render: formatDateTime },
    {
      title: "Action",
      key: "action",
      render: (_, session) =>
        session.current ? null : (
          <Popconfirm
            title={`Sign out ${session.browser}?`}
            description="That browser will have to sign in again."
            okText="Sign out"
            cancelText="Cancel"
            onConfirm={() => signOut(session)}
          >
            <Button size="small" aria-label={`Sign out ${session.browser} signed in ${formatDateTime(session.createdAt)}`}>
              Sign out
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card title="Where you are signed in" style={{ marginTop: 16 }}>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Popconfirm
          title="Sign out everywhere else?"
          description="Every other browser signed in as you will have to sign in again."
          okText="Sign out"
          cancelText="Cancel"
          onConfirm={signOutOthers}
          disabled={others.length === 0}
        >
          <Button danger disabled={others.length === 0}>
            Sign out everywhere else
          </Button>
        </Popconfirm>
      </Flex>
      {api.failed ? (
        <LoadFailed messages={["Could not load your sessions."]} onRetry={api.retry} />
      ) : (
        <Table<SessionInfo>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={api.sessions}
          loading={api.loading}
          pagination={false}
          scroll={{ x: 640 }}
        />
      )}
    </Card>
  );
}

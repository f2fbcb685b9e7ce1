import { App, Button, Card, Flex, Popconfirm, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { LoadFailed } from "../../components/LoadFailed";
import type { SessionInfo } from "../../contract";
import { ApiRequestError, errorText } from "../../providers/http-errors";
import type { SessionsApi } from "./useSessions";

/** Why a call failed, in the user's language where the app knows the server's message. */
const reasonOf = (error: unknown) => (error instanceof ApiRequestError ? errorText(error) : undefined);

/**
 * Where the user is signed in: browser, address, when each session began and was last used, with
 * "Sign out" for each other session and "Sign out everywhere else" (issue 11).
 */
export function SessionsCard({ api }: { api: SessionsApi }) {
  const { notification } = App.useApp();
  const { t, i18n } = useTranslation();
  const { dateTime } = useFormat();
  const others = api.sessions.filter((s) => !s.current);

  const signOut = async (session: SessionInfo) => {
    try {
      await api.signOut(session.id);
      notification.success({ message: t("profile.sessions.signedOut", { browser: session.browser }) });
    } catch (error) {
      notification.error({ message: t("profile.sessions.signOutFailed"), description: reasonOf(error) });
    }
  };

  const signOutOthers = async () => {
    try {
      const said = await api.signOutOthers();
      // English shows the server's words; Bengali its own, the server's being English.
      notification.success({ message: i18n.language === "en" && said ? said : t("profile.sessions.signedOutOthers") });
    } catch (error) {
      notification.error({ message: t("profile.sessions.signOutOthersFailed"), description: reasonOf(error) });
    }
  };

  const columns: ColumnsType<SessionInfo> = [
    {
      title: t("profile.sessions.browser"),
      key: "browser",
      render: (_, session) => (
        <Space size={4} wrap>
          <span>{session.browser}</span>
          {session.current && <Tag color="green">{t("profile.sessions.thisBrowser")}</Tag>}
        </Space>
      ),
    },
    { title: t("profile.sessions.address"), dataIndex: "ipAddress", key: "ipAddress", render: (ip: string | null) => ip ?? "---" },
    { title: t("profile.sessions.signedIn"), dataIndex: "createdAt", key: "createdAt", render: (at: string) => dateTime(at) },
    { title: t("profile.sessions.lastUsed"), dataIndex: "lastUsedAt", key: "lastUsedAt", render: (at: string) => dateTime(at) },
    {
      title: t("profile.sessions.action"),
      key: "action",
      render: (_, session) =>
        session.current ? null : (
          <Popconfirm
            title={t("profile.sessions.signOutConfirm", { browser: session.browser })}
            description={t("profile.sessions.signOutMeans")}
            okText={t("profile.sessions.signOut")}
            cancelText={t("profile.sessions.cancel")}
            onConfirm={() => signOut(session)}
          >
            <Button size="small" aria-label={t("profile.sessions.signOutNamed", { browser: session.browser, time: dateTime(session.createdAt) })}>
              {t("profile.sessions.signOut")}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card title={t("profile.sessions.title")} style={{ marginTop: 16 }}>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Popconfirm
          title={t("profile.sessions.signOutOthersConfirm")}
          description={t("profile.sessions.signOutOthersMeans")}
          okText={t("profile.sessions.signOut")}
          cancelText={t("profile.sessions.cancel")}
          onConfirm={signOutOthers}
          disabled={others.length === 0}
        >
          <Button danger disabled={others.length === 0}>
            {t("profile.sessions.signOutOthers")}
          </Button>
        </Popconfirm>
      </Flex>
      {api.failed ? (
        <LoadFailed messages={[t("profile.sessions.loadFailed")]} onRetry={api.retry} />
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

import { useCustom, useCustomMutation } from "@refinedev/core";
import { type Envelope, fillPath, PATHS, type SessionInfo } from "../../contract";
import { ApiRequestError } from "../../providers/http-errors";
import { failureOf } from "../../components/LoadFailed";

/**
 * The signed-in user's active sessions (GET /auth/sessions) and the calls that end them. Each call
 * resolves with the server's message, or rejects with an ApiRequestError (a 2xx saying success:
 * false included); the list is fetched again afterwards either way.
 */
export function useSessions() {
  const { result, query } = useCustom<Envelope<SessionInfo[]>>({ url: PATHS.sessions, method: "get", queryOptions: { retry: false } });
  const { mutateAsync } = useCustomMutation<Envelope<unknown>>();
  const { failed, retry } = failureOf(query);

  const send = async (url: string, method: "delete" | "put", values: object = {}): Promise<string | undefined> => {
    try {
      const { data: reply } = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      if (!reply.success) throw new ApiRequestError("HTTP_ERROR", reply.errorMessage ?? "The server refused", 200, reply);
      return reply.message ?? undefined;
    } finally {
      void query.refetch();
    }
  };

  const sessions = result.data?.replyMessage;
  return {
    // A backend without this call may answer something else entirely.
    sessions: Array.isArray(sessions) ? sessions : [],
    loading: query.isLoading,
    failed,
    retry,
    signOut: (sessionId: string) => send(fillPath(PATHS.session, { sessionId }), "delete"),
    signOutOthers: () => send(PATHS.otherSessions, "delete"),
    changePassword: (currentPassword: string, newPassword: string) => send(PATHS.changePassword, "put", { currentPassword, newPassword }),
  };
}

export type SessionsApi = ReturnType<typeof useSessions>;

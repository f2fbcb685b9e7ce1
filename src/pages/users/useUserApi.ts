import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { type AssignableRole, type Envelope, fillPath, PATHS, USER_FILE_FIELDS } from "../../contract";
import type { UserFormData, UserFormFiles } from "../../components/user-form";
import { sessionStore } from "../../providers";
import { toMultipart, toQueryString } from "../../providers/data-provider";
import { ApiRequestError, errorText } from "../../providers/http-errors";
import type { UploadOptions } from "../../providers/upload-progress";

/** Fallback texts of spec §8. */
export const UPDATE_USER_SUCCESS = "User Updated Successfully";
export const CREATE_USER_SUCCESS = "Agent created and role assigned.";
export const UNEXPECTED_ERROR = "An unexpected error occurred.";

type Method = "post" | "put" | "delete";

/**
 * Whether the server answered and refused (a 4xx reply, or a 2xx one saying success: false), as
 * opposed to no readable reply or a server fault (5xx).
 */
export function refusedByServer(error: unknown): boolean {
  return error instanceof ApiRequestError && error.envelope !== undefined && error.statusCode < 500;
}

/**
 * The server's errorMessage of a failed call, if it answered one: in the user's language when the app
 * knows it (by its errorCode, else its English words; issue 28), else as the server wrote it.
 */
export function serverErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const message = error.envelope?.errorMessage;
  return message ? errorText(message, error.envelope?.errorCode ?? error.errorCode) : undefined;
}

/** Starts a new user: forgets a signup whose role was never assigned (it belongs to an earlier form). */
export function forgetPendingSignup() {
  sessionStore.setSignUpUserId(null);
}

/**
 * User account calls of spec §7 (signup + assign-role, update-user, delete-user) and ours of issue 11
 * (disable or enable, sign out everywhere). Each resolves with
 * the reply envelope, rejects with an ApiRequestError (also when a 2xx reply says success: false), and
 * refreshes the cached user list and record afterwards.
 */
export function useUserApi() {
  const { mutateAsync } = useCustomMutation();
  const invalidate = useInvalidate();

  const send = async (url: string, method: Method, values?: unknown, upload?: UploadOptions): Promise<Envelope> => {
    const { data } = await mutateAsync({ url, method, values: values ?? {}, successNotification: false, errorNotification: false, meta: { upload } });
    const reply = data as unknown as Envelope;
    if (!reply.success) throw new ApiRequestError("HTTP_ERROR", reply.errorMessage ?? UNEXPECTED_ERROR, 200, reply);
    return reply;
  };
  const refresh = (id?: number | string) =>
    invalidate({ resource: "users", invalidates: id === undefined ? ["list"] : ["list", "detail"], id });

  return {
    /**
     * Signup, then the role (spec §7: assign-role after signup). The new user's id is kept as the auth
     * state's signUpUserId until the role is assigned, so a retry after a failed assign-role only
     * assigns the role again: signing up a second time would be refused (409).
     */
    async createUser(data: UserFormData, files: UserFormFiles, role: AssignableRole, upload?: UploadOptions): Promise<number> {
      let id = sessionStore.get().signUpUserId;
      if (id === null) {
        const created = await send(PATHS.signup, "post", toMultipart({ ...data, ...files }, USER_FILE_FIELDS), upload);
        id = (created.replyMessage as { id: number }).id;
        sessionStore.setSignUpUserId(id);
      }
      try {
        await send(`${fillPath(PATHS.assignRole, { userId: id })}?${toQueryString({ roleName: role })}`, "post");
        sessionStore.setSignUpUserId(null);
      } finally {
        await refresh();
      }
      return id;
    },

    async updateUser(userId: number | string, data: UserFormData, files: UserFormFiles, upload?: UploadOptions): Promise<string> {
      const reply = await send(fillPath(PATHS.updateUser, { userId }), "put", toMultipart({ ...data, ...files }, USER_FILE_FIELDS), upload);
      await refresh(userId);
      return reply.message ?? UPDATE_USER_SUCCESS;
    },

    async deleteUser(userId: number | string): Promise<void> {
      await send(fillPath(PATHS.deleteUser, { userId }), "delete");
      await refresh();
    },

    /** Disables (the user is signed out and cannot sign in) or enables an account; the server's message. */
    async setEnabled(userId: number, enabled: boolean): Promise<string | undefined> {
      try {
        return (await send(fillPath(PATHS.setUserEnabled, { userId, enabled }), "put")).message ?? undefined;
      } finally {
        await refresh(userId);
      }
    },

    /** Ends every session of the user ("Sign out everywhere"); the server's message. */
    async revokeSessions(userId: number): Promise<string | undefined> {
      return (await send(fillPath(PATHS.revokeSessions, { userId }), "post")).message ?? undefined;
    },
  };
}

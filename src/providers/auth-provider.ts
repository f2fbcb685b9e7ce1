import type { AuthProvider } from "@refinedev/core";
import type { AxiosInstance } from "axios";
import { PATHS, type Envelope, type LoginInput } from "../contract";
import { landingPathFor } from "../session/landing";
import type { SessionStore } from "../session/session-store";
import { decodeToken } from "../session/token";
import { toApiError } from "./http-errors";

export const SIGN_IN_SUCCESS = "Sign In Successful";
export const SIGN_IN_FAILED = "Sign In Failed";

/**
 * Sign-in, sign-out and identity (spec §3, §4, §8). Route guarding is done by the route guards from
 * the same session store, so `check` only reports whether a token is held.
 */
export function createAuthProvider(http: AxiosInstance, session: SessionStore): AuthProvider {
  return {
    async login({ username, password }: LoginInput) {
      try {
        const reply = (await http.post<Envelope<{ token: string }>>(PATHS.login, { username, password })).data;
        const token = reply.replyMessage?.token;
        const user = token ? decodeToken(token) : undefined;
        if (!token || !user) throw new Error(reply.errorMessage ?? "The server sent no token");
        session.signIn(token, user);
        return { success: true, redirectTo: landingPathFor(user.roles), successNotification: { message: SIGN_IN_SUCCESS } };
      } catch (error) {
        const reason = toApiError(error).message;
        return { success: false, error: { name: SIGN_IN_FAILED, message: reason } };
      }
    },

    async logout() {
      try {
        await http.post(PATHS.logout, {});
      } catch {
        // the local session ends whether or not the server heard about it
      }
      session.end("logout");
      return { success: true, redirectTo: "/" };
    },

    async check() {
      return session.get().token
        ? { authenticated: true }
        : { authenticated: false, logout: true, redirectTo: "/signin" };
    },

    async getIdentity() {
      const user = session.get().user;
      return user ? { id: user.userId, name: user.sub, roles: user.roles } : null;
    },

    async getPermissions() {
      return session.get().user?.roles ?? [];
    },

    // The HTTP client already refreshes on 401 and ends the session on 403.
    async onError() {
      return {};
    },
  };
}

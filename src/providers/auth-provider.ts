import type { AuthProvider } from "@refinedev/core";
import type { AxiosInstance } from "axios";
import { PATHS, type Envelope, type Language, type LoginInput } from "../contract";
import { changeLanguage, t } from "../i18n/i18n";
import { isLanguage } from "../i18n/languages";
import { landingPathFor } from "../session/landing";
import type { SessionStore } from "../session/session-store";
import { decodeToken } from "../session/token";
import { errorText, toApiError } from "./http-errors";

/** Spec §8's words in English; in the user's language when shown (src/i18n/locales/<language>/signIn.json). */
export const signInSuccess = () => t("signIn.success");
export const signInFailed = () => t("signIn.failed");

/**
 * Sign-in, sign-out and identity (spec §3, §4, §8). Route guarding is done by the route guards from
 * the same session store, so `check` only reports whether a token is held.
 */
export function createAuthProvider(http: AxiosInstance, session: SessionStore): AuthProvider {
  return {
    async login({ username, password, language }: LoginInput) {
      try {
        const body = language ? { username, password, language } : { username, password };
        const reply = (await http.post<Envelope<{ token: string; language?: Language | null }>>(PATHS.login, body)).data;
        const token = reply.replyMessage?.token;
        // The account's language follows the user to this browser (issue 28); a server without it says nothing.
        const saved = reply.replyMessage?.language;
        if (isLanguage(saved)) await changeLanguage(saved);
        const user = token ? decodeToken(token) : undefined;
        if (!token || !user) throw new Error(reply.errorMessage ?? "The server sent no token");
        session.signIn(token, user);
        return { success: true, redirectTo: landingPathFor(user.roles), successNotification: { message: signInSuccess() } };
      } catch (error) {
        const reason = errorText(toApiError(error));
        return { success: false, error: { name: signInFailed(), message: reason } };
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

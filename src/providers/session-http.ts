/**
 * The HTTP client and the sign-in/sign-out calls, without the query cache or the data provider: the
 * sign-in screen needs only these (issue 13: its download stays small), the signed-in app adds the rest
 * in ./index.ts.
 */
import { API_BASE_URL } from "../config";
import { PATHS } from "../contract";
import { sessionStore } from "../session/session";
import type { SessionEndReason } from "../session/session-store";
import { createAuthProvider } from "./auth-provider";
import { createHttpClient } from "./http-client";
import { notifyTransportError } from "./notifier";

export function endSession(reason: SessionEndReason, notice?: string) {
  if (reason !== "refresh-failed") http.post(PATHS.logout, {}).catch(() => undefined);
  sessionStore.end(reason, notice);
}

export const http = createHttpClient({
  baseURL: API_BASE_URL,
  session: sessionStore,
  onSessionEnd: endSession,
  onTransportError: notifyTransportError,
});

export const authProvider = createAuthProvider(http, sessionStore);

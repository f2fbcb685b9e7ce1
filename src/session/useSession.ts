import { useSyncExternalStore } from "react";
import { sessionStore } from "./session";
import type { AuthState } from "./session-store";

/** The current auth state; re-renders when it changes (sign-in, refresh, sign-out). */
export function useSession(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

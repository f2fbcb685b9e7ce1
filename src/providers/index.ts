/** The app's single instances of the session, query cache and providers, wired together. */
import { onlineManager, QueryClient } from "@tanstack/react-query";
import { API_BASE_URL } from "../config";
import { RESOURCES } from "../resources";
import { sessionStore } from "../session/session";
import { createAccessControlProvider } from "./access-control";
import { EVENTS_PATH } from "../contract/events";
import { createDataProvider } from "./data-provider";
import { createLiveProvider } from "./live-provider";
import { openLiveStream } from "./live-stream";
import { createRestDataProvider } from "./rest-data-provider";
import { authProvider, endSession, http } from "./session-http";

export { authProvider, endSession, http, sessionStore };

// react-query assumes it starts online and learns otherwise only from an "offline" event; a page
// opened without a network (from the service worker) must know at once, so its lists wait for the
// network and load when it returns instead of failing.
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: 60_000, refetchOnWindowFocus: false, retry: false } },
});

/** Cached answers (lists, permissions) belong to one user; drop them when the user changes. */
let cachedFor = sessionStore.get().user?.userId;
sessionStore.subscribe(() => {
  const userId = sessionStore.get().user?.userId;
  if (userId !== cachedFor) queryClient.removeQueries();
  cachedFor = userId;
});

export const dataProvider = createDataProvider({
  http,
  apiUrl: API_BASE_URL,
  currentUserId: () => sessionStore.get().user?.userId,
});

/** The declared resources' provider (dataProviderName "rest"), over the same HTTP client. */
export const restDataProvider = createRestDataProvider(http, API_BASE_URL);

export const accessControlProvider = createAccessControlProvider(RESOURCES, () => sessionStore.get().user?.roles ?? []);

/** Live lists (issue 29, docs/live-app.md): one event stream per signed-in tab, on the same token and refresh as every call. */
export const liveProvider = createLiveProvider({
  session: sessionStore,
  open: (handlers) =>
    openLiveStream({ url: `${API_BASE_URL}${EVENTS_PATH}`, token: () => sessionStore.get().token, renewToken: http.renewToken, ...handlers }),
});

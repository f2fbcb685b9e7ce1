import { endNoticeText } from "./end-notice";
import { createSessionStore } from "./session-store";

/**
 * The app's one session store. Its own module, light on purpose: the first screen (sign-in) reads
 * it before anything else of the app has downloaded.
 */
export const sessionStore = createSessionStore(typeof localStorage === "undefined" ? undefined : localStorage, { noticeText: endNoticeText });

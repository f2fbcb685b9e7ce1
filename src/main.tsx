import "./csp"; // first: the style nonce and zod without eval, before anything else runs
import { sessionStore } from "./session/session";
import { renderAfterRestore } from "./session/startup";
import "./styles.css";
import { SIGN_IN_PATHS, primaryRole } from "./session/landing";
import { loadStartupStyles } from "./components/layout/startup-styles";
import { reloadOnStaleBuild } from "./sw/stale-build";
import { forgetEarlyReplies, requestEarly } from "./first-screen/early-replies";
import { forgetListRequests, rememberedListRequest } from "./first-screen/remembered-requests";
import { rememberedLanguage } from "./i18n/languages";

reloadOnStaleBuild();
// The remembered language's texts (a chunk per language: only this one is downloaded), from the start.
const onSignIn = (SIGN_IN_PATHS as readonly string[]).includes(window.location.pathname);
const texts = import("./i18n/start").then(({ startTexts }) => startTexts(rememberedLanguage(), !onSignIn));
// Remembered list requests name what a user looked at, and early replies are theirs: not kept past their session.
sessionStore.subscribe(() => {
  if (sessionStore.get().token) return;
  forgetListRequests();
  forgetEarlyReplies();
});

/** The list goes first, before the app's code (which shares the link on a first visit, the main thread on every one), for this long at most. */
const LIST_FIRST_MAX_MS = 3000;
/** How long the app's code waits for the first screen's frame to be painted (a background tab paints none). */
const PAINT_WAIT_MAX_MS = 500;

// Spec §4: nothing is shown until the saved session is restored, and start-up goes on after 5 s regardless.
void renderAfterRestore(
  () => sessionStore.restore(),
  async () => {
    // A signed-in screen: fetch its code and data now, in parallel, rather than one after another as it
    // renders; a passport list is drawn as soon as its data is in (the first screen).
    const { token, user } = sessionStore.get();
    let styles: Promise<void> | undefined;
    if (token && user && !(SIGN_IN_PATHS as readonly string[]).includes(window.location.pathname)) {
      const remembered = rememberedListRequest(user.userId, window.location.pathname + window.location.search);
      if (remembered) requestEarly(remembered, token);
      const firstScreen = import("./first-screen/start").then(({ startFirstScreen }) => startFirstScreen(window.location, texts));
      // The list first: without a service worker in charge the app's code comes over the network, where it
      // would slow the list down; with one, its evaluation takes the main thread the list is drawn on.
      await Promise.race([firstScreen.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LIST_FIRST_MAX_MS))]);
      // ...and once the list is on screen: the frame that shows it is painted before the code is asked for.
      await new Promise((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, PAINT_WAIT_MAX_MS); // a tab in the background paints nothing until shown
      });
      void import("./routes/preload-route").then(({ preloadRoute }) => preloadRoute(window.location));
      styles = loadStartupStyles(primaryRole(user.roles));
    }
    const [{ renderApp }] = await Promise.all([import("./render-app"), styles, texts]);
    renderApp();
  },
);

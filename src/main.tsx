import "./csp"; // first: the style nonce and zod without eval, before anything else runs
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { sessionStore } from "./session/session";
import { renderAfterRestore } from "./session/startup";
import "./styles.css";
import { SIGN_IN_PATHS } from "./session/landing";
import { reloadOnStaleBuild } from "./sw/stale-build";
import { requestEarly } from "./first-screen/early-replies";
import { forgetListRequests, rememberedListRequest } from "./first-screen/remembered-requests";

reloadOnStaleBuild();
// Remembered list requests name what a user looked at: not kept past their session.
sessionStore.subscribe(() => {
  if (!sessionStore.get().token) forgetListRequests();
});

// Spec §4: nothing is shown until the saved session is restored, and start-up goes on after 5 s regardless.
void renderAfterRestore(
  () => sessionStore.restore(),
  () => {
    // A signed-in screen: fetch its code and data now, in parallel, rather than one after another as it
    // renders; a passport list is drawn as soon as its data is in (the first screen).
    const { token, user } = sessionStore.get();
    if (token && user && !(SIGN_IN_PATHS as readonly string[]).includes(window.location.pathname)) {
      const remembered = rememberedListRequest(user.userId, window.location.pathname + window.location.search);
      if (remembered) requestEarly(remembered, token);
      void import("./first-screen/start").then(({ startFirstScreen }) => startFirstScreen(window.location));
      void import("./routes/preload-route").then(({ preloadRoute }) => preloadRoute(window.location));
    }
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
);

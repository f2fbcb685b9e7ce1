import "./csp"; // first: the style nonce and zod without eval, before anything else runs
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { sessionStore } from "./providers";
import { renderAfterRestore } from "./session/startup";
import "./styles.css";

// Spec §4: nothing is shown until the saved session is restored, and start-up goes on after 5 s regardless.
void renderAfterRestore(
  () => sessionStore.restore(),
  () =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
);

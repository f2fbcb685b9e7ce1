import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { RESTORE_TIMEOUT_MS } from "./config";
import { sessionStore } from "./providers";
import { settleWithin } from "./session/session-store";

// Spec §4: nothing is shown until the saved session is restored, and start-up goes on after 5 s regardless.
settleWithin(sessionStore.restore(), RESTORE_TIMEOUT_MS).then(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

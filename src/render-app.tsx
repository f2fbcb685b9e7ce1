import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

/**
 * Draws the app. A chunk of its own (src/main.tsx imports it when it is needed): a start-up at a
 * passport list draws the list first (src/first-screen) without waiting for the app's code.
 */
export function renderApp(): void {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

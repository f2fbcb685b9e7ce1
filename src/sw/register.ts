import { Button } from "antd";
import { createElement } from "react";
import { t } from "../i18n/i18n";
import { notify } from "../providers/notifier";
import { KEEP_LANGUAGE_FILES, LANGUAGE_FILE, SKIP_WAITING } from "./messages";

const UPDATE_KEY = "app-update";

function offerUpdate(registration: ServiceWorkerRegistration) {
  const waiting = registration.waiting;
  if (!waiting) return;
  const reloadNow = () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    waiting.postMessage({ type: SKIP_WAITING });
  };
  notify("info", {
    key: UPDATE_KEY,
    message: t("sw.updateReady"),
    description: t("sw.updateReadyDetail"),
    duration: 0,
    actions: createElement(Button, { type: "primary", size: "small", onClick: reloadNow }, t("sw.reloadNow")),
  });
}

/**
 * Registers the service worker (src/sw/sw.ts) once the signed-in app is on screen and the browser is
 * idle, so that its download of the app's files never competes with the screen's own. A build that
 * arrives while the app is open waits for the next visit, and a notice says so, in the language shown
 * when it appears (the service worker itself shows nothing).
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const start = () =>
    navigator.serviceWorker.register("/sw.js").then(
      (registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          installing?.addEventListener("statechange", () => {
            // "installed" with a controller: an older build runs this page, the new one waits.
            if (installing.state === "installed" && navigator.serviceWorker.controller) offerUpdate(registration);
          });
        });
      },
      () => undefined,
    );
  // The language files this page loaded (not precached: only the chosen language is downloaded) are
  // handed to the worker once it is in charge, so that a visit without a network still has them.
  void navigator.serviceWorker.ready.then((registration) => {
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && LANGUAGE_FILE.test(url.pathname))
      .map((url) => url.pathname);
    registration.active?.postMessage({ type: KEEP_LANGUAGE_FILES, urls });
  });
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => void start(), { timeout: 5000 }) : setTimeout(start, 1000));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

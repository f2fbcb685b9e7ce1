const RELOADED_AT = "stale-build-reload";

/**
 * A page of an older build asking for a file the server no longer has (a deploy happened while it
 * was open, before any service worker kept the files): reload once to get the current build, rather
 * than show a broken screen. Vite raises `vite:preloadError` when a lazily loaded chunk fails.
 */
export function reloadOnStaleBuild(): void {
  window.addEventListener("vite:preloadError", (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) return; // reloaded a minute ago already: let the error show
    event.preventDefault();
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
  });
}

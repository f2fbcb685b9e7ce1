/** What the page posts to the service worker to let a waiting build take over at once. */
export const SKIP_WAITING = "SKIP_WAITING";

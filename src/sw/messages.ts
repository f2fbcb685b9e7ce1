/** What the page posts to the service worker to let a waiting build take over at once. */
export const SKIP_WAITING = "SKIP_WAITING";

/** The same-origin files of one language (texts, antd's and dayjs's Bengali, the Bengali font), which are not precached. */
export const LANGUAGE_FILE = /^\/assets\/(en-|bn-|bn_BD-|noto-sans-bengali-)/;

/** What the page posts for the worker to keep the language files it loaded before the worker was in charge: `{ type, urls }`. */
export const KEEP_LANGUAGE_FILES = "KEEP_LANGUAGE_FILES";

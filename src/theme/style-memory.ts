/**
 * antd's styles remembered from one visit to the next (issue 13: a returning user on a slow phone).
 * antd builds each component's CSS in the browser the first time the component renders, on every
 * page load: about half a second of a slow phone's CPU on a list screen. The styles a visit made are
 * kept in localStorage, with the map of which ones they are; the next visit puts them on the page
 * before antd first renders, and antd, finding them in its map (`.data-ant-cssinjs-cache-path`, the
 * mechanism it offers for styles served as a CSS file), skips building them. Anything not kept is
 * built as before, so a missing or dropped memory costs time, never looks. A new build (its entry
 * file has a new name) starts afresh.
 */
import { createCache, extractStyle } from "@ant-design/cssinjs";

/** antd's style cache for the whole app (App.tsx gives it to antd through StyleProvider). */
export const styleCache = createCache();

const STORAGE_KEY = "antd-styles";
/** This build: the entry file's hashed name. */
const BUILD = import.meta.url;
/** The class antd reads its map from, and what marks a style it took from the page. */
const MAP_CLASS = "data-ant-cssinjs-cache-path";
const FROM_PAGE = "_FILE_STYLE__";

interface Kept {
  build: string;
  css: string;
  map: Record<string, string>;
}

function read(): Kept | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Kept | null;
    return kept?.build === BUILD ? kept : undefined;
  } catch {
    return undefined;
  }
}

const mapRule = (map: Record<string, string>) =>
  `.${MAP_CLASS}{content:"${Object.entries(map)
    .map(([path, hash]) => `${path}:${hash}`)
    .join(";")}";}`;

/** Puts the kept styles on the page; must run before antd first renders, which is when it reads the map. */
export function restoreStyles(): void {
  const kept = read();
  if (!kept) return;
  const style = document.createElement("style"); // src/csp.ts gives it the page's nonce
  style.dataset.keptStyles = "";
  style.textContent = kept.css + mapRule(kept.map);
  document.head.prepend(style);
}

/** Adds the styles antd built since the last call to those kept. */
export function keepStyles(): void {
  const text = extractStyle(styleCache, { plain: true, types: ["style"], once: true });
  const at = text.lastIndexOf(`.${MAP_CLASS}{`);
  const css = (at < 0 ? text : text.slice(0, at)).replaceAll(FROM_PAGE, "");
  const map: Record<string, string> = {};
  for (const entry of (/content:"([^"]*)"/.exec(text.slice(Math.max(0, at)))?.[1] ?? "").split(";")) {
    const split = entry.lastIndexOf(":");
    if (split > 0) map[entry.slice(0, split)] = entry.slice(split + 1);
  }
  if (!css && Object.keys(map).length === 0) return;
  const kept = read() ?? { build: BUILD, css: "", map: {} };
  const next: Kept = { build: BUILD, css: kept.css + css, map: { ...kept.map, ...map } };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    localStorage.removeItem(STORAGE_KEY); // full: start afresh next time rather than keep half
  }
}

/** Keeps the styles a few seconds after start-up, when the page is hidden, and when it is left. */
export function keepStylesFromNowOn(afterMs = 3000): void {
  if (typeof requestIdleCallback !== "function") return; // not a browser that gains from it (jsdom)
  setTimeout(() => requestIdleCallback(keepStyles, { timeout: 2000 }), afterMs);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepStyles();
  });
  window.addEventListener("pagehide", keepStyles);
}

/**
 * What the app does to run under the server's Content-Security-Policy (docs/security.md), which
 * allows no inline style or script and no eval. Imported first by main.tsx, before any other module
 * of the app is evaluated.
 *
 * Styles: only the server's own files, or elements carrying the page's nonce. The server writes a
 * fresh nonce into index.html as <meta property="csp-nonce" nonce="…">; this module reads it and gives
 * it to every <style> element created in the page from then on, whoever creates it: antd's CSS-in-JS
 * (which also gets it through ConfigProvider's `csp`), rc-components (a modal's scroll lock), and any
 * library added later. The nonce is readable through the element's `nonce` property only: browsers
 * hide the attribute.
 *
 * Eval: zod compiles object parsers with `new Function` when it may, and probes whether it may by
 * trying; under the CSP the probe alone is reported as a violation. `jitless` turns both off, and
 * must be set before any schema is built. zod keeps its settings in `globalThis.__zod_globalConfig`
 * (zod/v4/core/core.js, shared by every copy of zod in a page), so they are set there: zod itself
 * need not be part of the entry, and loads with the first screen that uses it.
 */
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodSettings.__zod_globalConfig ??= {}).jitless = true; // the same object zod uses, had it loaded first

function readNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute("nonce") || undefined;
}

export const cspNonce = readNonce();

if (cspNonce) {
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = cspNonce;
    return element;
  } as typeof Document.prototype.createElement;
}

/*
 * Style attributes: the policy refuses `setAttribute("style", …)` (a nonce cannot cover an attribute),
 * but not the CSSOM. Libraries that write a whole style attribute (rc-textarea measures an auto-sized
 * textarea that way, so the Comment box would grow wrong) get the same declarations through
 * `style.cssText`, which the policy allows.
 */
if (cspNonce) {
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === "style" && "style" in this) {
      (this as HTMLElement).style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
}

/** antd's documented way to put the nonce on its style elements (its ConfigProvider's `csp`); this file covers the rest. */
export const ANTD_CSP = cspNonce ? { nonce: cspNonce } : undefined;

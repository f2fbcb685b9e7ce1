import urls from "virtual:antd-startup-styles";
import type { Role } from "../../contract/enums";

/**
 * Loads the CSS antd would write while the signed-in app starts, made by the build for the user's
 * role (scripts/antd-startup-styles.ts). It must be in the page before antd draws anything: antd
 * looks for it once, on its first drawing. Resolves once loaded, failed, or after `maxMs`; without
 * the file antd writes its CSS itself, as it always did.
 */
export function loadStartupStyles(role: Role, maxMs = 3000): Promise<void> {
  const href = urls[role];
  if (!href) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  // First in the head, where antd puts the CSS it writes: the app's own CSS still comes after it and wins.
  document.head.prepend(link);
  return new Promise((resolve) => {
    link.onload = link.onerror = () => resolve();
    setTimeout(resolve, maxMs);
  });
}

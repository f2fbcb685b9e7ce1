/** A readable name for a User-Agent header: "Chrome 126 on Windows", "Safari 17 on iOS". */
import Bowser from "bowser";

export const UNKNOWN_BROWSER = "Unknown browser";

export function browserName(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return UNKNOWN_BROWSER;
  const major = browser.version?.split(".")[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  return os.name ? `${name} on ${os.name}` : name;
}

/**
 * Refine's i18nProvider (issue 28) over the app's i18next instance: Refine's own texts (buttons,
 * notifications, confirmations) and the app's come from the same files (src/i18n/locales/).
 */
import type { I18nProvider } from "@refinedev/core";
import { changeLanguage, currentLanguage, i18n } from "../i18n/i18n";
import { isLanguage } from "../i18n/languages";

export const i18nProvider: I18nProvider = {
  // Refine calls translate(key, defaultMessage) as well as translate(key, options, defaultMessage).
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const fallback = typeof options === "string" ? options : defaultMessage;
    const values = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : {};
    return i18n.t(key, { ...values, defaultValue: fallback ?? key }) as string;
  },
  changeLocale: async (locale: string) => {
    if (isLanguage(locale)) await changeLanguage(locale);
  },
  getLocale: () => currentLanguage(),
};

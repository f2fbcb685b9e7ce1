/**
 * The app's texts (issue 28): one i18next instance, read by React through react-i18next and by Refine
 * through its i18nProvider (src/providers/i18n-provider.ts). Only the chosen language's texts are
 * downloaded (each language is a chunk of its own); English is the spec's wording.
 */
import i18next, { type FormatterModule, type TOptions } from "i18next";
import { localDigits } from "./digits";
import { type Language, isLanguage, rememberLanguage } from "./languages";
import type { Catalog } from "./locales/catalog-of";

/**
 * A number put into a text is written in the language's digits ("সর্বোচ্চ ৫০ অক্ষর"); an identifier is
 * passed as a string and stays as it is. (i18next's own formatter, Intl's, is not used.)
 */
const digitsFormatter: FormatterModule = {
  type: "formatter",
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, lng) => (typeof value === "number" && lng === "bn" ? localDigits(String(value), "bn") : value),
};

export const i18n = i18next.createInstance().use(digitsFormatter);

const loaders: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import("./locales/en"),
  bn: () => import("./locales/bn"),
};

const listeners = new Set<(language: Language) => void>();

/** The language shown now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : "en");

function initialise(language: Language, catalog: Catalog): void {
  if (i18n.isInitialized) return;
  void i18n.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalog } },
    interpolation: { escapeValue: false, alwaysFormat: true }, // React escapes
    returnNull: false,
    initAsync: false,
  });
}

/** Starts with `language`'s texts, fetched (the app's start) or given (tests, which start in English). */
export async function startI18n(language: Language, catalog?: Catalog): Promise<void> {
  initialise(language, catalog ?? (await loaders[language]()).default);
  applyToDocument(language);
}

/** Switches the language: its texts fetched once, `<html lang>`, the browser's memory, then every listener. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, "translation")) i18n.addResourceBundle(language, "translation", (await loaders[language]()).default);
  await i18n.changeLanguage(language);
  rememberLanguage(language);
  applyToDocument(language);
  for (const listener of listeners) listener(language);
}

export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyToDocument(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** A text by key, outside React (notifications, providers): `t("toasts.passportReviewed")`. */
export const t = (key: string, options?: TOptions): string => i18n.t(key, options) as string;

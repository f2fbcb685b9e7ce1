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

/** A language's texts in two parts: what the sign-in page and the start-up show, then the signed-in screens'. */
type Part = "start" | "rest";

const loaders: Record<Language, Record<Part, () => Promise<{ default: Catalog }>>> = {
  en: { start: () => import("./locales/en-start"), rest: () => import("./locales/en-rest") },
  bn: { start: () => import("./locales/bn-start"), rest: () => import("./locales/bn-rest") },
};

/** Parts given to i18next, as "bn:rest". */
const loaded = new Set<string>();
/** Whether the signed-in screens' texts are wanted (a signed-in screen has started): then a switch fetches them too. */
let wantsAll = false;

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

function add(language: Language, part: Part, catalog: Catalog): void {
  if (loaded.has(`${language}:${part}`)) return;
  i18n.addResourceBundle(language, "translation", catalog, true, false);
  loaded.add(`${language}:${part}`);
}

async function load(language: Language, part: Part): Promise<void> {
  if (!loaded.has(`${language}:${part}`)) add(language, part, (await loaders[language][part]()).default);
}

/**
 * Starts with `language`'s texts: fetched (the app's start: the sign-in page's part, and with
 * `signedIn` every screen's, in parallel), or given whole (tests, which start in English).
 */
export async function startI18n(language: Language, catalog?: Catalog, signedIn = false): Promise<void> {
  if (catalog) {
    initialise(language, catalog);
    ["start", "rest"].forEach((part) => loaded.add(`${language}:${part}`));
    wantsAll = true;
  } else {
    wantsAll ||= signedIn;
    const [start, rest] = await Promise.all([loaders[language].start(), signedIn ? loaders[language].rest() : undefined]);
    initialise(language, start.default);
    loaded.add(`${language}:start`);
    if (rest) add(language, "rest", rest.default);
  }
  applyToDocument(language);
}

/** Every screen's texts in the language shown (a signed-in screen starts), and in any language switched to later. */
export async function loadAllTexts(): Promise<void> {
  wantsAll = true;
  await load(currentLanguage(), "rest");
}

/** Switches the language: its texts fetched once, `<html lang>`, the browser's memory, then every listener. */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([load(language, "start"), wantsAll ? load(language, "rest") : undefined]);
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

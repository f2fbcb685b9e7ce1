/**
 * The app's languages (issue 28): Bengali, the staff's first language, and English, whose texts are
 * the spec's word for word. The choice is remembered in the browser and on the user's account.
 */
import { LANGUAGES, type Language } from "../contract/enums";

export { LANGUAGES, type Language };

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { bn: "বাংলা", en: "English" };

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

const STORAGE_KEY = "language";

/** The language this browser last chose; else Bengali when the browser prefers it; else English. */
export function rememberedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage refused (private mode): the browser's preference decides
  }
  const preferred = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.some((tag) => /^bn\b/i.test(tag)) ? "bn" : "en";
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // nothing to do: the choice lasts for this page
  }
}

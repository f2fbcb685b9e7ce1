/**
 * A text a declaration writes (a label, a field's name, a message, a menu entry): plain English, or
 * `{ en, bn }`, or `{ key }` naming a text of the locale files (issue 28). Free of React and i18next,
 * so declarations, the app and the server all read it; the server always writes English.
 */
import type { Language } from "../contract/enums";

export type LocalText = string | { en: string; bn: string } | { key: string; en: string };

/** `text` in `language`; `{ key }` through `translate` (the app's t), its English without one. */
export function localText(text: LocalText, language: Language = "en", translate?: (key: string, fallback: string) => string): string {
  if (typeof text === "string") return text;
  if ("key" in text) return translate && language !== "en" ? translate(text.key, text.en) : text.en;
  return text[language];
}

/** The English of a text: what the server, the API and the files it writes use. */
export const englishText = (text: LocalText): string => localText(text, "en");

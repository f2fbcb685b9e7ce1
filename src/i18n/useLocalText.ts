import { useTranslation } from "react-i18next";
import type { Language } from "../contract/enums";
import { type LocalText, localText } from "./local-text";

/** A declaration's text in the chosen language: `const text = useLocalText(); text(field.label)`. */
export function useLocalText(): (text: LocalText) => string {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "bn" ? "bn" : "en") as Language;
  return (text) => localText(text, language, (key, fallback) => t(key, { defaultValue: fallback }));
}

/**
 * "বাংলা" / "English" (issue 28): on the sign-in page and in the user menu. Plain buttons, so the
 * sign-in page stays light; each language's name is written in that language, and marked so.
 */
import { useTranslation } from "react-i18next";
import { LANGUAGES, LANGUAGE_NAMES, type Language } from "../i18n/languages";
import { useLanguage } from "../i18n/useLanguage";

export function LanguageSwitch({ save, className }: { save?: (language: Language) => Promise<unknown>; className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t("common.languageSwitch")} className={className} data-testid="language-switch">
      {[...LANGUAGES].reverse().map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          onClick={() => void setLanguage(option, save)}
          style={{ font: "inherit", cursor: "pointer", background: "none", border: "none", padding: "4px 8px", textDecoration: option === language ? "underline" : "none", fontWeight: option === language ? 600 : 400, color: "inherit" }}
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}

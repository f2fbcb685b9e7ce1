/**
 * The language in a component (issue 28): what is shown, and the switch. A switch while signed in is
 * saved to the account at once (PUT /auth/language); on the sign-in page it is marked as chosen, and
 * saved with the sign-in (src/pages/sign-in/sign-in-action.ts).
 */
import { useTranslation } from "react-i18next";
import { changeLanguage } from "./i18n";
import type { Language } from "./languages";

let chosenBeforeSignIn = false;

/** Whether the user picked the language on the sign-in page (then it is sent with the sign-in). */
export const languageChosenBeforeSignIn = () => chosenBeforeSignIn;

export function useLanguage() {
  const { i18n } = useTranslation();
  const language = (i18n.language === "bn" ? "bn" : "en") as Language;
  return {
    language,
    /** `save` stores the choice on the account (signed in); without it the choice is marked for the sign-in. */
    setLanguage: async (next: Language, save?: (language: Language) => Promise<unknown>) => {
      await changeLanguage(next);
      if (save) await save(next).catch(() => undefined); // the browser remembers it regardless
      else chosenBeforeSignIn = true;
    },
  };
}

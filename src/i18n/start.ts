/**
 * The texts the app starts with (issue 28): the remembered language's, with antd's locale and, in
 * Bengali, the Bengali font where the system has none (src/i18n/bengali-font.css), also when the
 * user switches to Bengali later.
 */
import { onLanguageChange, startI18n } from "./i18n";
import type { Language } from "./languages";

export const loadBengaliFont = () => import("./bengali-font.css");

let following = false;

/** `signedIn`: a signed-in screen starts, which shows antd's texts (the sign-in page shows none; English's come with the signed-in app). */
export async function startTexts(language: Language, signedIn: boolean): Promise<void> {
  if (!following) {
    following = true;
    onLanguageChange((next) => void (next === "bn" ? loadBengaliFont() : undefined));
  }
  const bengaliAntd = signedIn && language === "bn" ? import("./antd-locale").then(({ loadAntdLocale }) => loadAntdLocale(language)) : undefined;
  await Promise.all([startI18n(language, undefined, signedIn), bengaliAntd, language === "bn" ? loadBengaliFont() : undefined]);
}

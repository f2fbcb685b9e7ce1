/**
 * The texts the app starts with (issue 28): the remembered language's, with antd's locale and, in
 * Bengali, the Bengali font where the system has none (src/i18n/bengali-font.css).
 */
import { loadAntdLocale } from "./antd-locale";
import { startI18n } from "./i18n";
import type { Language } from "./languages";

export const loadBengaliFont = () => import("./bengali-font.css");

export async function startTexts(language: Language): Promise<void> {
  await Promise.all([startI18n(language), loadAntdLocale(language), language === "bn" ? loadBengaliFont() : undefined]);
}

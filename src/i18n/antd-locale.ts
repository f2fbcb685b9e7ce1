/**
 * antd's own texts (pagination, pickers, empty states, confirmations) in the chosen language: antd's
 * bn_BD and dayjs's bn-bd month and day names, fetched only in Bengali.
 */
import type { Locale } from "antd/es/locale";
import english from "antd/es/locale/en_US";
import type { Language } from "./languages";

let bengali: Locale | undefined;

/**
 * Always a locale, English's too (antd's own default, already in its ConfigProvider): a ConfigProvider
 * given a locale after none wraps its children in one more provider, which remounts the whole screen;
 * on the sign-in page that emptied a username typed while the Bengali locale was on its way.
 */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  if (language === "en") return english;
  if (!bengali) {
    // dayjs is imported here, not at the top: the first screen and the sign-in page share their start-up
    // chunk, and dayjs's CommonJS wrapper split between the two made a circle of chunks (scripts/chunks.ts).
    const [antdBn, { default: dayjs }] = await Promise.all([import("antd/es/locale/bn_BD"), import("dayjs"), import("dayjs/locale/bn-bd")]);
    // dayjs's bn-bd writes and reads Bengali digits; typed dates stay in Latin digits (issue 28), so the
    // date pickers keep its month and day names without the digits.
    const names = dayjs.Ls["bn-bd"] as { postformat?: unknown; preparse?: unknown } | undefined;
    if (names) {
      delete names.postformat;
      delete names.preparse;
    }
    bengali = antdBn.default;
  }
  return bengali;
}

/** The locale already loaded for `language`; English's until Bengali's has come. */
export const loadedAntdLocale = (language: Language): Locale => (language === "bn" ? (bengali ?? english) : english);

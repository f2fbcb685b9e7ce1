/**
 * antd's own texts (pagination, pickers, empty states, confirmations) in the chosen language: antd's
 * bn_BD and dayjs's bn-bd month and day names, fetched only in Bengali.
 */
import type { Locale } from "antd/es/locale";
import type { Language } from "./languages";

let bengali: Locale | undefined;

export async function loadAntdLocale(language: Language): Promise<Locale | undefined> {
  if (language === "en") return undefined; // antd's default, English
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

/** The locale already loaded for `language` (none yet: undefined, English). */
export const loadedAntdLocale = (language: Language): Locale | undefined => (language === "bn" ? bengali : undefined);

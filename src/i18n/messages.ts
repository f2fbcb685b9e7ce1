/**
 * Messages that come as English text — the contract's validation messages of spec §5 (zod's, the
 * server's field messages) and the server's `errorMessage` — shown in the user's language: by the
 * reply's `errorCode` when it has one, else by the English text's key (validation.* for MSG, errors.*
 * for ERROR_TEXTS). A message the app does not know is shown as the server wrote it.
 */
import { ERROR_TEXTS } from "../contract/error-codes";
import { MSG } from "../contract/messages";
import { currentLanguage, i18n } from "./i18n";

const KEYS = new Map<string, string>([
  ...Object.entries(MSG).map(([key, text]) => [text, `validation.${key}`] as const),
  ...Object.entries(ERROR_TEXTS).map(([code, text]) => [text, `errors.${code}`] as const),
]);

const TOO_LONG = /^Must be at most (\d+) characters$/;

export function translateMessage(text: string, code?: string | null): string {
  if (currentLanguage() === "en") return text; // the spec's words, as the server and the contract wrote them
  const key = code ? `errors.${code}` : KEYS.get(text);
  if (key && i18n.exists(key)) return i18n.t(key);
  const tooLong = TOO_LONG.exec(text);
  if (tooLong) return i18n.t("validation.tooLong", { max: Number(tooLong[1]) });
  return text;
}

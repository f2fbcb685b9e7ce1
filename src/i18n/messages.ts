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
/** The server's refusals that say how long to wait (server/routes/auth.ts, sessions.ts): their English words, with the wait. */
const RETRY = /^(Too many failed sign-in attempts for this username|Too many failed sign-in attempts from your network|Too many wrong current passwords)\. Please try again in (\d+) (second|minute)s?\.$/;
const RETRY_KEYS: Record<string, string> = {
  "Too many failed sign-in attempts for this username": "errors.retry.username",
  "Too many failed sign-in attempts from your network": "errors.retry.address",
  "Too many wrong current passwords": "errors.retry.currentPassword",
};

export function translateMessage(text: string, code?: string | null): string {
  if (currentLanguage() === "en") return text; // the spec's words, as the server and the contract wrote them
  const key = code ? `errors.${code}` : KEYS.get(text);
  if (key && i18n.exists(key)) return i18n.t(key);
  const tooLong = TOO_LONG.exec(text);
  if (tooLong) return i18n.t("validation.tooLong", { max: Number(tooLong[1]) });
  const retry = RETRY.exec(text);
  if (retry) return i18n.t(RETRY_KEYS[retry[1]], { wait: i18n.t(`errors.retry.${retry[3]}s`, { count: Number(retry[2]) }) });
  return text;
}

/**
 * Why the last session ended, in the user's language (issue 28). The server says it in English (the
 * 401's errorMessage, `sessionEndedMessage` of the contract); its reason is read back from those words
 * and said again from the locale files (session.ended.*), durations with the language's digits.
 * Words the app does not recognise are shown as the server wrote them.
 */
import { ACCOUNT_DISABLED_MESSAGE, sessionEndedMessage } from "../contract/messages";
import { localDigits } from "../i18n/digits";
import { currentLanguage, t } from "../i18n/i18n";

const FIXED: [reason: string, text: () => string][] = [
  ["logout", () => t("session.ended.logout")],
  ["signed-out", () => t("session.ended.signedOut")],
  ["revoked", () => t("session.ended.revoked")],
  ["password-changed", () => t("session.ended.passwordChanged")],
  ["role-changed", () => t("session.ended.roleChanged")],
  ["reuse", () => t("session.ended.reuse")],
];

const DURATION = "(\\d+) (hour|minute|second)s?";
const IDLE = new RegExp(`^Your session ended after ${DURATION} without activity\\. Please sign in again\\.$`);
const MAX_AGE = new RegExp(`^Your session ended ${DURATION} after you signed in\\. Please sign in again\\.$`);

/** "30 minutes" in the user's language: "৩০ মিনিট". */
function durationText(amount: number, unit: string): string {
  const n = localDigits(String(amount), currentLanguage());
  if (unit === "hour") return t("session.duration.hour", { count: amount, n });
  if (unit === "minute") return t("session.duration.minute", { count: amount, n });
  return t("session.duration.second", { count: amount, n });
}

/** The server's English notice of an ended session, in the user's language. */
export function endNoticeText(notice: string): string {
  const limits = { idleSeconds: 0, maxAgeSeconds: 0 }; // the fixed texts do not depend on them
  for (const [reason, text] of FIXED) if (notice === sessionEndedMessage(reason, limits)) return text();
  if (notice === ACCOUNT_DISABLED_MESSAGE) return t("session.ended.disabled");
  if (notice === sessionEndedMessage(null, limits)) return t("session.ended.other");
  const idle = IDLE.exec(notice);
  if (idle) return t("session.ended.idle", { duration: durationText(Number(idle[1]), idle[2]) });
  const maxAge = MAX_AGE.exec(notice);
  if (maxAge) return t("session.ended.maxAge", { duration: durationText(Number(maxAge[1]), maxAge[2]) });
  return notice;
}

/**
 * A passport's columns in the chosen language (issue 28), for the app's screens and the first screen:
 * titles, statuses, Done / Processing, visa types and marital statuses from the texts, numbers in the
 * language's digits. The server's files keep English (src/format/passport-cells.ts). No React here:
 * the first screen draws with these before the app has loaded.
 */
import { localDigits } from "../../i18n/digits";
import { formatterFor } from "../../i18n/format";
import { currentLanguage, t } from "../../i18n/i18n";
import type { Language } from "../../i18n/languages";
import { columnText, displayStatus, MILESTONE_COLUMNS } from "../../format/passport-cells";
import { MARITAL_STATUSES, PASSPORT_STATUSES, VISA_TYPES } from "../../contract/enums";
import type { PassportColumnId } from "../../resources/passport-columns";

/** A passport column's title: "Passport No" / "পাসপোর্ট নম্বর". */
export const passportColumnTitle = (id: PassportColumnId): string => t(`passportTable.columns.${id}`);

const knownStatus = (value: string) => (PASSPORT_STATUSES as readonly string[]).includes(value);
/** "SUPER_ADMIN", "super admin", "SUPERADMIN" → the role's key. */
const roleOf = (value: string) => ({ ADMIN: "ADMIN", SUPERADMIN: "SUPER_ADMIN" })[value.toUpperCase().replace(/[^A-Z]/g, "")];

/**
 * A status as the lists show it: in English as the server writes it, compounds with "-BY-" (spec §2);
 * in Bengali its word ("APPROVED_BY_ADMIN" → "অ্যাডমিন কর্তৃক অনুমোদিত"). A value it does not know
 * is shown as in English.
 */
export function statusText(status: string | null | undefined, language: Language = currentLanguage()): string {
  if (!status || language === "en") return displayStatus(status);
  const value = status.toUpperCase();
  if (knownStatus(value)) return t(`statuses.${value}`);
  const compound = /^([A-Za-z]+?)[\s_-]*BY[\s_-]*(.+)$/i.exec(status);
  const who = compound && roleOf(compound[2]);
  if (compound && who && knownStatus(compound[1].toUpperCase())) {
    return t("statuses.by", { status: t(`statuses.${compound[1].toUpperCase()}`), who: t(`common.roles.${who}`) });
  }
  return displayStatus(status);
}

/** A milestone flag's words: Done / Processing (spec §2), সম্পন্ন / প্রক্রিয়াধীন. */
export const progressFlagWords = (done: boolean | null | undefined): string => t(done ? "statuses.done" : "statuses.processing");

/** A visa type or marital status by its word in the language; any other value as it is. */
function choiceText(group: "visaTypes" | "maritalStatuses", known: readonly string[], value: unknown): string | undefined {
  return typeof value === "string" && known.includes(value) ? t(`statuses.${group}.${value}`) : undefined;
}

/** Column `id`'s value as the lists write it in the chosen language (the status and flags aside: see cellView). */
export function localColumnText(id: PassportColumnId, value: unknown, language: Language = currentLanguage()): string {
  if (id === "visaType") return choiceText("visaTypes", VISA_TYPES, value) ?? columnText(id, value, language);
  if (id === "maritalStatus") return choiceText("maritalStatuses", MARITAL_STATUSES, value) ?? columnText(id, value, language);
  if (MILESTONE_COLUMNS.has(id)) return progressFlagWords(Boolean(value));
  return columnText(id, value, language);
}

/** A count the lists show (a row's number, a total), in the language's digits, otherwise as in English. */
export const localNumber = (n: number, language: Language = currentLanguage()): string => formatterFor(language).count(n);

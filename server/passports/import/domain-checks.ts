/**
 * Checks of ../shared/domain/ beyond the Add Passport form's: the phone's pattern, the NID's length and
 * birth year, the passport number's usual shapes (a warning only: the domain notes say to accept both
 * forms, not to refuse others).
 */
import { BD_PHONE, MSG } from "../../../src/contract";

export const phoneProblem = (phone: string): string | undefined => (BD_PHONE.test(phone) ? undefined : MSG.telephone);

export const NID_LENGTH_MESSAGE = "NID must be 10, 13 or 17 digits";

/** A 17-digit NID starts with the holder's birth year; sources disagree on a check digit, so none is checked. */
export function nidProblem(nid: string, dob: string | undefined): string | undefined {
  const digits = nid.replace(/[\s-]/g, "");
  if (!/^(\d{10}|\d{13}|\d{17})$/.test(digits)) return NID_LENGTH_MESSAGE;
  if (digits.length === 17 && dob && /^\d{4}-/.test(dob) && digits.slice(0, 4) !== dob.slice(0, 4)) {
    return `A 17-digit NID starts with the birth year: ${digits.slice(0, 4)} is not the year of the Date of Birth (${dob.slice(0, 4)})`;
  }
  return undefined;
}

export const UNUSUAL_PASSPORT_NO =
  "Unusual passport number: Bangladeshi passports are two letters and seven digits (machine-readable) or one letter and eight digits (e-passport). Imported as written";

export const passportNoWarning = (passportNo: string): string | undefined =>
  /^([A-Z]{2}\d{7}|[A-Z]\d{8})$/i.test(passportNo) ? undefined : UNUSUAL_PASSPORT_NO;

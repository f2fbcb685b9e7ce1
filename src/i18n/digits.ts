import type { Language } from "./languages";

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";

/**
 * A number the app shows, in the language's digits: "26/11/2026" → "২৬/১১/২০২৬" in Bengali. For counts,
 * money, dates and page numbers only: identifiers (passport, phone, NID, slot numbers) and whatever is
 * typed into an input stay in Latin digits.
 */
export function localDigits(text: string, language: Language): string {
  return language === "bn" ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]) : text;
}

/** Bengali digits back to Latin ones (what a user pastes into a number input). */
export const latinDigits = (text: string): string => text.replace(/[০-৯]/g, (d) => String(BENGALI_DIGITS.indexOf(d)));

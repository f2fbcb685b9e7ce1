/**
 * Numbers, money and dates as a language writes them (issue 28): in Bengali, Bengali digits with lakh
 * grouping (৳৪,০০,০০০; ২৬/১১/২০২৬); in English, as before. For what the app shows only: identifiers
 * (passport, phone, NID, slot numbers) and inputs stay in Latin digits.
 */
import { type DateValue, formatDate, formatDateTime, formatMoney, groupLakh } from "../format";
import { localDigits } from "./digits";
import type { Language } from "./languages";

export function formatterFor(language: Language) {
  const digits = (text: string) => localDigits(text, language);
  return {
    language,
    digits,
    /** A count: "১২,৩৪,৫৬৭" in Bengali (lakh grouping); English as it always read, "1234567". */
    count: (n: number) => (language === "bn" ? digits(n < 0 ? `-${groupLakh(String(Math.trunc(-n)))}` : groupLakh(String(Math.trunc(n)))) : String(n)),
    money: (amount: number | string | null | undefined) => digits(formatMoney(amount)),
    date: (value: DateValue) => digits(formatDate(value)),
    dateTime: (value: DateValue) => digits(formatDateTime(value)),
  };
}

export type Formatter = ReturnType<typeof formatterFor>;

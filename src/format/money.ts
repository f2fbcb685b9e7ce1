import { EMPTY } from "./dates";

/** Bangladeshi taka (spec: money is in BDT; domain notes: ৳ with lakh and crore grouping). */
export const TAKA = "৳";

/**
 * "400000" → "4,00,000": the last three digits, then groups of two (lakh, crore). Written out rather
 * than left to Intl's "en-IN", so the result never depends on the browser's locale data.
 */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${head},${digits.slice(-3)}`;
}

/** 400000 → "৳4,00,000"; 12345678 → "৳1,23,45,678"; paisa shown only when there are any; "---" when missing. */
export function formatMoney(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === "") return EMPTY;
  const value = Number(amount);
  if (!Number.isFinite(value)) return EMPTY;
  const [whole, fraction] = Math.abs(value).toFixed(2).split(".");
  const paisa = fraction === "00" ? "" : `.${fraction}`;
  return `${value < 0 ? "-" : ""}${TAKA}${groupLakh(whole)}${paisa}`;
}

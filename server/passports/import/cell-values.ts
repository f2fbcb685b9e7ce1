/**
 * A file's cells as the Add Passport fields take them: dates as YYYY-MM-DD (from DD/MM/YYYY, or a date
 * cell), the amount without ৳ and lakh commas, the enums whatever their case and spacing, the phone in
 * its local form. What cannot be read is passed on as written, for the field's own message.
 */
import { MARITAL_STATUSES, VISA_TYPES } from "../../../src/contract";
import { type Cell, cellText } from "../../import/sheet";

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export function dateValue(cell: Cell | undefined): string | undefined {
  if (cell instanceof Date) return cellText(cell) || undefined;
  const text = cellText(cell).trim();
  const dmy = DMY.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}`;
  return text || undefined;
}

/** "৳4,00,000", "400000 BDT", 400000 → "400000"; text that is no amount stays as written. */
export function amountValue(cell: Cell | undefined): string | number | undefined {
  if (typeof cell === "number") return cell;
  const text = cellText(cell).trim();
  if (text === "") return undefined;
  const bare = text.replace(/৳|\bBDT\b|\bTk\.?/gi, "").replace(/[,\s]/g, "");
  return /^\d+(\.\d+)?$/.test(bare) ? bare : text;
}

/** One of `values` written any case, with or without spaces ("Work Visa" → WORKVISA). */
function enumValue<T extends string>(values: readonly T[], cell: Cell | undefined): string | undefined {
  const text = cellText(cell).trim();
  if (text === "") return undefined;
  const key = text.replace(/[\s_-]/g, "").toLowerCase();
  return values.find((v) => v.toLowerCase() === key) ?? text;
}
export const maritalStatusValue = (cell: Cell | undefined) => enumValue(MARITAL_STATUSES, cell);
export const visaTypeValue = (cell: Cell | undefined) => enumValue(VISA_TYPES, cell);

/**
 * A Bangladeshi mobile number in its local form (domain notes: `01[3-9]` and eight digits, written
 * +880… or 880… internationally): spaces and dashes dropped, the country code replaced by 0, and the
 * leading 0 a spreadsheet drops from a number cell put back.
 */
export function phoneValue(cell: Cell | undefined): string | undefined {
  const text = cellText(cell).trim();
  if (text === "") return undefined;
  const digits = text.replace(/[\s\-().]/g, "");
  const local = digits.replace(/^\+?880(?=1)/, "0");
  return /^1[3-9]\d{8}$/.test(local) ? `0${local}` : local;
}

/** The text of a cell, or undefined when blank (a number cell written as it reads). */
export const textValue = (cell: Cell | undefined) => cellText(cell) || undefined;

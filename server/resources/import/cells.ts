/**
 * A spreadsheet's cell as a declared field's create rule reads it (recordSchema, the forms' rules and
 * messages): dates from DD/MM/YYYY or a date cell, numbers and money without ৳ and lakh commas,
 * booleans from Yes/No, an enum by its value or label whatever the case and spacing, a phone in its
 * local form. What cannot be read is passed on as written, for the field's own message; a blank cell
 * is undefined (the rule says whether it may be). References are read by their title (references.ts).
 */
import { englishText, localText } from "../../../src/i18n/local-text";
import type { Field } from "../../../src/resources/model";
import { type Cell, cellText } from "../../import/sheet";
import { amountValue, dateValue, phoneValue } from "../../passports/import/cell-values";

const DMY_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})$/;
/** The agencies' clock (Asia/Dhaka, no daylight saving): a date and time typed without a zone is read in it. */
const DHAKA_OFFSET = "+06:00";
const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

const squeezed = (text: string) => text.replace(/[\s_-]/g, "").toLowerCase();

function dateTimeValue(cell: Cell): unknown {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? cellText(cell) : cell.toISOString();
  const text = cellText(cell).trim();
  const dmy = DMY_TIME.exec(text);
  if (!dmy) return text;
  const [, d, m, y, hh, mm] = dmy;
  return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}T${hh.padStart(2, "0")}:${mm}:00${DHAKA_OFFSET}`;
}

function booleanValue(cell: Cell): unknown {
  if (typeof cell === "boolean") return cell;
  const text = cellText(cell).trim().toLowerCase();
  return YES.has(text) ? true : NO.has(text) ? false : cellText(cell).trim();
}

function enumValue(field: Extract<Field, { kind: "enum" }>, cell: Cell): unknown {
  const key = squeezed(cellText(cell));
  return field.values.find((v) => squeezed(v) === key || squeezed(englishText(field.labels?.[v] ?? "")) === key || squeezed(localText(field.labels?.[v] ?? "", "bn")) === key) ?? cellText(cell).trim();
}

export function cellValue(field: Field, cell: Cell | undefined): unknown {
  if (cell === undefined || cellText(cell).trim() === "") return undefined;
  switch (field.kind) {
    case "text":
      return field.format === "phone" ? phoneValue(cell) : cellText(cell);
    case "longText":
      return cellText(cell);
    case "number":
    case "money":
      return amountValue(cell);
    case "date":
      return dateValue(cell);
    case "dateTime":
      return dateTimeValue(cell);
    case "boolean":
      return booleanValue(cell);
    case "enum":
      return enumValue(field, cell);
    case "reference":
      return cellText(cell).trim();
    case "file":
      return undefined;
  }
}

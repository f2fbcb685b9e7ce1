/**
 * How dates, date-times and money read on every screen (the users' convention: DD/MM/YYYY, ৳ with
 * lakh grouping). Screens format through here and nowhere else.
 */
export {
  DATE_FORMAT,
  DATE_INPUT_FORMATS,
  DATE_TIME_FORMAT,
  DATE_TIME_INPUT_FORMATS,
  type DateValue,
  EMPTY,
  formatDate,
  formatDateTime,
  parseDate,
  toWireDate,
  WIRE_DATE_FORMAT,
} from "./dates";
export { formatMoney, groupLakh, TAKA } from "./money";

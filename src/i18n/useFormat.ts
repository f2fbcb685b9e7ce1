import { type Formatter, formatterFor } from "./format";
import { useLanguage } from "./useLanguage";

export { type Formatter, formatterFor };

/** The chosen language's formatter (src/i18n/format.ts): `const format = useFormat(); format.money(x)`. */
export function useFormat(): Formatter {
  return formatterFor(useLanguage().language);
}

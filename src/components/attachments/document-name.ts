import { i18n, t } from "../../i18n/i18n";

/** A document's name in the user's language ("Educational Certificate"), by its field; call it when shown. */
export function documentName(field: string): string {
  const key = `attachments.kinds.${field}`;
  return i18n.exists(key) ? t(key) : field;
}

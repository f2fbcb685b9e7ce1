/**
 * The text of an uploaded CSV: UTF-8 (with or without a byte-order mark), UTF-16 with its mark (Excel's
 * "Unicode Text"), else Windows-1252, what older Excel writes as "CSV (Comma delimited)". Bytes that
 * are not UTF-8 and hold characters Windows-1252 leaves undefined are some other encoding: refused.
 */
import { badRequest } from "../http/errors";

export type TextEncodingName = "UTF-8" | "UTF-16" | "Windows-1252";

export const SAVE_AS_UTF8 =
  'Save it as UTF-8: in Excel, "Save As" and choose "CSV UTF-8 (Comma delimited)"; in LibreOffice, tick "Edit filter settings" and choose "Unicode (UTF-8)"';

/** The bytes Windows-1252 does not define; TextDecoder maps them to C1 control characters. */
const UNDEFINED_IN_1252 = /[\u0081\u008d\u008f\u0090\u009d]/;

/** A UTF-8 or UTF-16 byte-order mark: text, whatever a sniffer makes of the bytes (FF FE reads as an MPEG frame). */
export const hasByteOrderMark = (bytes: Uint8Array) =>
  (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "UTF-16" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "UTF-16" };
  try {
    // ignoreBOM: false (the default) drops a leading byte-order mark.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    const text = new TextDecoder("windows-1252").decode(bytes);
    if (UNDEFINED_IN_1252.test(text)) {
      throw badRequest(`The file is neither UTF-8 nor Windows-1252 text, so its letters cannot be read. ${SAVE_AS_UTF8}.`);
    }
    return { text, encoding: "Windows-1252" };
  }
}

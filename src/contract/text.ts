/**
 * The one cleaning rule for everything people type (issue 25; docs/security.md "Typed text"), so that
 * no name or comment can hide text or pose as another on someone else's screen (Unicode TR #36,
 * "Trojan Source"). The server stores what this returns; the app's forms run the same schemas, so
 * the user sees a refusal before sending.
 *
 * 1. Lone surrogates become U+FFFD, and the text is normalised to NFC.
 * 2. Tabs and line breaks become a space in one-line fields; long texts keep line breaks (as "\n").
 * 3. Removed: C0 and C1 control characters; bidirectional overrides, isolates and marks; zero-width
 *    and other invisible format characters (Unicode category Cf) and invisible fillers. ZWJ and ZWNJ
 *    are kept between two characters of the Indic scripts, where Bengali needs them to shape a word
 *    (র‍্য, ক্‌ষ); anywhere else they are removed.
 * 4. Spaces at either end are trimmed. A value left empty is blank.
 */

const INDIC = /[\u0900-\u0DFF]/;
const JOINERS = /[\u200C\u200D]/;
/** Format characters and invisible letters (Hangul fillers, combining grapheme joiner, braille blank). */
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Control characters (C0, DEL, C1) but the line break long texts keep. */
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
/** A code point of its own only when its pair is missing (a string cut in two, or sent so on purpose). */
const LONE_SURROGATE = /^[\uD800-\uDFFF]$/;
const LINE_BREAKS = /\r\n?|[\n\u2028\u2029]/g;

export interface CleanOptions {
  /** A long text (comments, addresses): line breaks are kept. */
  multiline?: boolean;
}

export function cleanText(value: string, { multiline = false }: CleanOptions = {}): string {
  const text = value
    .normalize("NFC")
    .replace(LINE_BREAKS, multiline ? "\n" : " ")
    .replace(/\t/g, " ");
  const kept: string[] = [];
  const chars = [...text];
  chars.forEach((char, at) => {
    if (LONE_SURROGATE.test(char)) return void kept.push("\uFFFD");
    if (CONTROL.test(char)) return;
    if (JOINERS.test(char)) {
      if (INDIC.test(chars[at - 1] ?? "") && INDIC.test(chars[at + 1] ?? "")) kept.push(char);
      return;
    }
    if (INVISIBLE.test(char)) return;
    kept.push(char);
  });
  return kept.join("").trim();
}

/** True when nothing visible is left once cleaned. */
export const isBlankText = (value: string, options?: CleanOptions) => cleanText(value, options) === "";

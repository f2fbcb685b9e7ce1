/**
 * The app's texts in either language for the browser tests (issue 28): a test names a button or a
 * dialog by its English words (the spec's), and `textIn(language)` gives the words the app shows in
 * that language, read from the same catalogs the app is built from (src/i18n/locales/<language>/*.json):
 * the English text's key, then that key's text in the other language; and the declared resources'
 * texts written { en, bn } in their declarations (src/resources). A text the catalogs lack in
 * Bengali fails the test with its English words, rather than being looked for in English.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Language } from "../../src/i18n/languages";
import { RESOURCES } from "../../src/resources";

const LOCALES = resolve("src/i18n/locales");

function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === "string") into.set(prefix, value);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  return into;
}

function catalog(language: Language): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES, language)).filter((f) => f.endsWith(".json"))) {
    flatten(JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")), file.replace(/\.json$/, ""), texts);
  }
  return texts;
}

/** Every { en, bn } pair of texts in the resource declarations. */
function declared(value: unknown, into: [string, string][] = [], seen = new Set<unknown>()): [string, string][] {
  if (!value || typeof value !== "object" || seen.has(value)) return into;
  seen.add(value);
  const { en, bn } = value as { en?: unknown; bn?: unknown };
  if (typeof en === "string" && typeof bn === "string") into.push([en, bn]);
  for (const v of Object.values(value)) declared(v, into, seen);
  return into;
}

const english = catalog("en");
const bengali = catalog("bn");
/** English and Bengali side by side. */
const PAIRS: [string, string][] = [...[...english].map(([key, text]): [string, string] => [text, bengali.get(key) ?? ""]), ...declared(RESOURCES)];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** i18next's placeholders ({{name}}) and plural forms' counts. */
const PLACEHOLDER = /\{\{[^}]+\}\}/g;
const SAMPLE = "Sample Name 1";

/** A whole text in `language` of one without a translation of its own. */
const wholeIn = (english: string): string | undefined => PAIRS.find(([en, other]) => other && en === english)?.[1];

/**
 * An English text the app builds from a text with placeholders ("Create {{one}}") and values that
 * are texts themselves ("Employer", a declaration's): the other language's text with those values'
 * own translations put in ("{{one}} তৈরি করুন" with "নিয়োগকর্তা"). Values with no translation (names) stay.
 */
function composed(english: string): string[] {
  const results = new Set<string>();
  let best = 0; // the templates with the most words of their own: "Create {{one}}" rather than "{{a}} {{b}}"
  for (const [template, other] of PAIRS) {
    const names = [...template.matchAll(PLACEHOLDER)].map(([p]) => p.slice(2, -2).split(",")[0].trim());
    if (!other || names.length === 0) continue;
    const match = new RegExp(`^${template.split(PLACEHOLDER).map(escape).join("(.+)")}$`).exec(english);
    const own = template.replace(PLACEHOLDER, "").length;
    if (!match || own < best) continue;
    if (own > best) results.clear(), (best = own);
    const values = new Map(names.map((name, i) => [name, match[i + 1]]));
    results.add(other.replace(PLACEHOLDER, (p) => {
      const value = values.get(p.slice(2, -2).split(",")[0].trim()) ?? "";
      return wholeIn(value) ?? value;
    }));
  }
  return [...results];
}

/**
 * The text the app shows in `language` where English shows `english`: a string for a whole text, a
 * RegExp for one with a part that varies (a name): /^Review / finds "Review {{name}}" and gives
 * /^পর্যালোচনা করুন .+$/ or however the Bengali text places the name.
 */
export function textIn(language: Language): {
  (english: string): string | RegExp;
  (english: RegExp): RegExp;
} {
  return ((english: string | RegExp) => {
    if (language === "en") return english;
    const matches = (text: string) => (typeof english === "string" ? text === english : english.test(text.replace(PLACEHOLDER, SAMPLE)));
    let found = [...new Set(PAIRS.filter(([en, other]) => other && matches(en)).map(([, other]) => other))];
    if (found.length === 0 && typeof english === "string") found = composed(english);
    if (found.length === 0) throw new Error(`No ${language} text for the English "${english}" in src/i18n/locales or the declarations`);
    if (typeof english === "string" && found.length === 1) return found[0];
    const patterns = found.map((text) => text.split(PLACEHOLDER).map(escape).join(".+"));
    // Whole texts: the Bengali text may put the varying part anywhere.
    return new RegExp(`^(${patterns.join("|")})$`, typeof english === "string" ? "" : english.flags);
  }) as ReturnType<typeof textIn>;
}

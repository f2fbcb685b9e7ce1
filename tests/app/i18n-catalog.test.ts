// @vitest-environment node
/**
 * Issue 28: every text in both languages, none unused. Each key of English is in Bengali and the other
 * way round, none empty, the placeholders alike; every key is named somewhere in src/ (a literal
 * "group.key", or a group whose keys are built at run time: DYNAMIC_GROUPS); the §5 messages are the
 * contract's word for word in English.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_TEXTS, MSG } from "../../src/contract";
import bengali from "../../src/i18n/locales/bn";
import english from "../../src/i18n/locales/en";

/**
 * Groups whose keys the app builds from data (a role, a status, a column, a message's key), or Refine
 * asks for (notifications.*: its hooks' default toasts): named here, once each.
 */
const DYNAMIC_GROUPS = [
  "common.roles.",
  "validation.",
  "errors.",
  "notifications.",
  "statuses.",
  "passportTable.columns.",
  // A passport's documents, milestones, fields and chosen values, by their contract names.
  "passportForm.documents.",
  "passportForm.maritalStatuses.",
  "passportForm.visaTypes.",
  "attachments.kinds.",
  "milestones.names.",
  "passportFile.fields.",
  // The security log's events, by their kinds (SECURITY_EVENT_KINDS).
  "securityLog.events.",
];

function leaves(tree: Record<string, unknown>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") for (const [k, v] of leaves(value as Record<string, unknown>, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

const en = leaves(english);
const bn = leaves(bengali);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
/** i18next's plural forms share their key's stem (count_one, count_other): Bengali has one form, English two. */
const stem = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) ? [readFileSync(path, "utf8")] : [];
  });
}

describe("the texts of both languages (issue 28)", () => {
  it("are many", () => {
    expect(en.size).toBeGreaterThan(20);
  });

  it("have the same keys in Bengali as in English", () => {
    const enStems = new Set([...en.keys()].map(stem));
    const bnStems = new Set([...bn.keys()].map(stem));
    expect([...enStems].filter((k) => !bnStems.has(k))).toEqual([]);
    expect([...bnStems].filter((k) => !enStems.has(k))).toEqual([]);
  });

  it("are none empty, and Bengali keeps English's placeholders", () => {
    expect([...en].filter(([, text]) => text.trim() === "").map(([k]) => k)).toEqual([]);
    expect([...bn].filter(([, text]) => text.trim() === "").map(([k]) => k)).toEqual([]);
    const differ = [...bn].filter(([key, text]) => {
      const english = en.get(key) ?? en.get(`${stem(key)}_other`) ?? en.get(stem(key));
      return english !== undefined && placeholders(english).join() !== placeholders(text).join();
    });
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it("are all used by the app", () => {
    const code = sources("src").join("\n");
    const unused = [...new Set([...en.keys()].map(stem))].filter((key) => !DYNAMIC_GROUPS.some((group) => key.startsWith(group)) && !code.includes(`"${key}"`) && !code.includes(`'${key}'`) && !code.includes(`\`${key}\``));
    expect(unused).toEqual([]);
  });

  it("hold the spec's §5 messages and the server's known errors word for word in English", () => {
    for (const [key, text] of Object.entries(MSG)) expect(en.get(`validation.${key}`), key).toBe(text);
    for (const [code, text] of Object.entries(ERROR_TEXTS)) expect(en.get(`errors.${code}`), code).toBe(text);
  });
});

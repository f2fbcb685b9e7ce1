/**
 * The workflow rules' reasons (src/contract/workflow.ts, docs/access.md "Workflow rules") in the
 * user's language. The rules word them in English, from a handful of sentence shapes; each shape is
 * read back here and said again with the language's names. A reason of another shape is shown as written.
 */
import { MILESTONES } from "../../contract";
import { currentLanguage, t } from "../../i18n/i18n";
import { localDigits } from "../../i18n/digits";
import { milestoneName } from "./milestones";

const DATE_KEYS: Record<string, string> = {
  "visa issue date": "passportActions.refusals.visaIssueDate",
  "visa expiry date": "passportActions.refusals.visaExpiryDate",
  "flight date": "passportActions.refusals.flightDate",
};
const MILESTONE_BY_LABEL = new Map<string, string>(MILESTONES.map((m) => [m.label, m.field]));

/** A milestone's or a date's name ("Visa Granted", "the visa issue date"), else undefined. */
function name(text: string): string | undefined {
  const field = MILESTONE_BY_LABEL.get(text);
  if (field) return milestoneName(field);
  const date = DATE_KEYS[text.replace(/^the /, "").toLowerCase()];
  return date ? t(date) : undefined;
}

/** "A", "A and B", "A, B and C" → the parts, each turned by `part`; undefined when one is not understood. */
function list(text: string, part: (item: string) => string | undefined): string | undefined {
  const items = text.split(/, | and /).map(part);
  if (items.some((item) => item === undefined)) return undefined;
  const words = items as string[];
  return words.length <= 1 ? words[0] : `${words.slice(0, -1).join(", ")}${t("passportActions.refusals.and")}${words.at(-1)}`;
}

const SHAPES: [RegExp, (match: RegExpExecArray) => string | undefined][] = [
  [/^(.+) needs (.+) to be Done first$/, ([, what, missing]) => {
    const subject = name(what);
    const needed = list(missing, name);
    return subject && needed ? t("passportActions.refusals.needsDone", { what: subject, missing: needed }) : undefined;
  }],
  [/^(.+) cannot go back to Processing while (.+)$/, ([, what, blockers]) => {
    const subject = name(what);
    const standing = list(blockers, (blocker) => {
      const [, what, state] = /^(.+) is (Done|set)$/.exec(blocker) ?? [];
      const named = what ? name(what) : undefined;
      if (!named) return undefined;
      return state === "Done" ? t("passportActions.refusals.isDone", { name: named }) : t("passportActions.refusals.isSet", { name: named });
    });
    return subject && standing ? t("passportActions.refusals.cannotGoBack", { what: subject, blockers: standing }) : undefined;
  }],
  [/^Set the visa issue date before the visa expiry date$/, () => t("passportActions.refusals.setIssueFirst")],
  [/^Clear the visa expiry date before the visa issue date$/, () => t("passportActions.refusals.clearExpiryFirst")],
  [/^The visa expiry date must be after the visa issue date \((.+)\)$/, ([, day]) => t("passportActions.refusals.expiryAfterIssue", { date: localDigits(day, "bn") })],
  [/^The visa issue date must be before the visa expiry date \((.+)\)$/, ([, day]) => t("passportActions.refusals.issueBeforeExpiry", { date: localDigits(day, "bn") })],
  [/^Mark as Done needs every milestone Done and the visa and flight dates set; missing: (.+)$/, ([, missing]) => {
    const names = missing.split(", ").map(name);
    return names.every(Boolean) ? t("passportActions.refusals.completeNeeds", { missing: names.join(", ") }) : undefined;
  }],
];

/** `reason` in the user's language (as written in English, or when its shape is not known). */
export function refusalText(reason: string): string {
  if (currentLanguage() === "en") return reason;
  for (const [shape, say] of SHAPES) {
    const match = shape.exec(reason);
    if (match) return say(match) ?? reason;
  }
  return reason;
}

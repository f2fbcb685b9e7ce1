/**
 * The workflow rules the spec leaves unshown (§4 "The rules for which flag follows which are not
 * shown"), decided in docs/access.md "Workflow rules". The server refuses a step they forbid with 409
 * and the reason; the app shows the same reason where the step is offered, disabled, before any call.
 * Each answers the reason a step is refused, or undefined when it is allowed.
 */
import { DATE_UPDATES, type DateField, MILESTONES, type MilestoneField } from "./enums";

/** What the rules read of a passport: its six milestones and its visa and flight dates. */
export type ProgressState = Record<MilestoneField, boolean> & Record<DateField, string | null>;

const MILESTONE_LABEL = Object.fromEntries(MILESTONES.map((m) => [m.field, m.label])) as Record<MilestoneField, string>;
const DATE_LABEL: Record<DateField, string> = {
  visaIssueDate: "Visa issue date",
  visaExpireDate: "Visa expiry date",
  flightScheduleDate: "Flight date",
};
/** "the visa issue date", inside a sentence. */
const theDate = (field: DateField) => `the ${DATE_LABEL[field].toLowerCase()}`;

/** A wire date ("2026-01-15") as staff read it (15/01/2026), inside a message. */
const dayOf = (wire: string) => wire.slice(0, 10).split("-").reverse().join("/");

/** "A", "A and B", "A, B and C". */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Milestones that must be Done before this one may be: the visa is granted once applied for; a flight needs the visa and BMET clearance. */
export const MILESTONE_PREREQUISITES: Partial<Record<MilestoneField, readonly MilestoneField[]>> = {
  isVisaGranted: ["isVisaApplied"],
  isFlightScheduled: ["isVisaGranted", "isBMETApproved"],
};

/** Milestones that must be Done before a date may be set. */
export const DATE_PREREQUISITES: Record<DateField, readonly MilestoneField[]> = {
  visaIssueDate: ["isVisaGranted"],
  visaExpireDate: ["isVisaGranted"],
  flightScheduleDate: ["isVisaGranted", "isBMETApproved"],
};

const needsDone = (what: string, missing: MilestoneField[]) =>
  `${what} needs ${listed(missing.map((f) => MILESTONE_LABEL[f]))} to be Done first`;

/** Why `field` may not be set to `done` now. Setting a milestone to the value it has is always allowed. */
export function milestoneRefusal(state: ProgressState, field: MilestoneField, done: boolean): string | undefined {
  if (state[field] === done) return undefined;
  const label = MILESTONE_LABEL[field];
  if (done) {
    const missing = (MILESTONE_PREREQUISITES[field] ?? []).filter((f) => !state[f]);
    return missing.length > 0 ? needsDone(label, missing) : undefined;
  }
  // Back to Processing: nothing that was only allowed because of it may still stand.
  const milestones = MILESTONES.filter((m) => state[m.field] && MILESTONE_PREREQUISITES[m.field]?.includes(field)).map((m) => m.label);
  const dates = DATE_UPDATES.filter((d) => state[d.field] !== null && DATE_PREREQUISITES[d.field].includes(field)).map((d) => theDate(d.field));
  if (milestones.length === 0 && dates.length === 0) return undefined;
  const blockers = [...milestones.map((m) => `${m} is Done`), ...dates.map((d) => `${d} is set`)];
  return `${label} cannot go back to Processing while ${listed(blockers)}`;
}

/** Why no date at all may be set in `field` now: what it waits for. */
export function dateSetRefusal(state: ProgressState, field: DateField): string | undefined {
  const missing = DATE_PREREQUISITES[field].filter((f) => !state[f]);
  if (missing.length > 0) return needsDone(DATE_LABEL[field], missing);
  if (field === "visaExpireDate" && state.visaIssueDate === null) return "Set the visa issue date before the visa expiry date";
  return undefined;
}

/** Why `field` may not be set to `value` (YYYY-MM-DD, an ISO date-time for the flight, or null to clear) now. */
export function dateRefusal(state: ProgressState, field: DateField, value: string | null): string | undefined {
  if (value === null) {
    if (field === "visaIssueDate" && state.visaExpireDate !== null) return "Clear the visa expiry date before the visa issue date";
    return undefined;
  }
  const waiting = dateSetRefusal(state, field);
  if (waiting !== undefined) return waiting;
  if (field === "visaExpireDate" && state.visaIssueDate !== null && value <= state.visaIssueDate) {
    return `The visa expiry date must be after the visa issue date (${dayOf(state.visaIssueDate)})`;
  }
  if (field === "visaIssueDate" && state.visaExpireDate !== null && value >= state.visaExpireDate) {
    return `The visa issue date must be before the visa expiry date (${dayOf(state.visaExpireDate)})`;
  }
  return undefined;
}

/** What "Mark as Done" still waits for: every milestone Done, the visa dates and the flight date set. */
export function completeRefusal(state: ProgressState): string | undefined {
  const missing = [
    ...MILESTONES.filter((m) => !state[m.field]).map((m) => m.label),
    ...DATE_UPDATES.filter((d) => state[d.field] === null).map((d) => theDate(d.field)),
  ];
  return missing.length > 0 ? `Mark as Done needs every milestone Done and the visa and flight dates set; missing: ${missing.join(", ")}` : undefined;
}

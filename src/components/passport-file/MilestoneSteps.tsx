import { Steps } from "antd";
import { MILESTONES, type MilestoneField, type Passport, type PassportEventRecord } from "../../contract";
import { formatDate, formatDateTime } from "../../format";

/** When each milestone was last set Done (from the history), for the ones that are Done now. */
function doneOn(passport: Passport, events: readonly PassportEventRecord[] | undefined): Partial<Record<MilestoneField, string>> {
  const on: Partial<Record<MilestoneField, string>> = {};
  for (const e of events ?? []) {
    if (e.kind === "MILESTONE" && e.newValue === "true") on[e.field as MilestoneField] = e.at;
  }
  for (const m of MILESTONES) if (!passport[m.field]) delete on[m.field];
  return on;
}

/** The six milestones as steps (spec §2 Work Permit order), each with the day it was done and its own dates. */
export function MilestoneSteps({ passport, events }: { passport: Passport; events?: readonly PassportEventRecord[] }) {
  const on = doneOn(passport, events);
  const extra: Partial<Record<MilestoneField, string[]>> = {
    isVisaGranted: [
      passport.visaIssueDate ? `Issued ${formatDate(passport.visaIssueDate)}` : "",
      passport.visaExpireDate ? `Expires ${formatDate(passport.visaExpireDate)}` : "",
    ],
    isFlightScheduled: [passport.flightScheduleDate ? `Flight ${formatDateTime(passport.flightScheduleDate)}` : ""],
  };
  return (
    <Steps
      direction="vertical"
      size="small"
      aria-label="Milestones"
      items={MILESTONES.map((m) => {
        const done = Boolean(passport[m.field]);
        const lines = [done ? `Done${on[m.field] ? ` on ${formatDate(on[m.field])}` : ""}` : "Processing", ...(extra[m.field] ?? [])].filter(Boolean);
        return { title: m.label, status: done ? "finish" : "wait", description: lines.join(" · ") };
      })}
    />
  );
}

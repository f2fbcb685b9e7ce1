import { Steps } from "antd";
import { MILESTONES, type MilestoneField, type Passport, type PassportEventRecord } from "../../contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { milestoneName, milestoneState } from "../passport-actions/milestones";

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
  const { t } = useTranslation();
  const format = useFormat();
  const on = doneOn(passport, events);
  const extra: Partial<Record<MilestoneField, string[]>> = {
    isVisaGranted: [
      passport.visaIssueDate ? t("milestones.visaIssued", { date: format.date(passport.visaIssueDate) }) : "",
      passport.visaExpireDate ? t("milestones.visaExpires", { date: format.date(passport.visaExpireDate) }) : "",
    ],
    isFlightScheduled: [passport.flightScheduleDate ? t("milestones.flightOn", { dateTime: format.dateTime(passport.flightScheduleDate) }) : ""],
  };
  return (
    <Steps
      direction="vertical"
      size="small"
      aria-label={t("milestones.title")}
      items={MILESTONES.map((m) => {
        const done = Boolean(passport[m.field]);
        const state = done && on[m.field] ? t("milestones.doneOn", { date: format.date(on[m.field]) }) : milestoneState(done);
        const lines = [state, ...(extra[m.field] ?? [])].filter(Boolean);
        return { title: milestoneName(m.field), status: done ? "finish" : "wait", description: lines.join(" · ") };
      })}
    />
  );
}

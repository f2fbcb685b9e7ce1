import { DatePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DATE_UPDATES, dateRefusal, dateSetRefusal, fillPath, type Passport, PATHS } from "../../../contract";
import { ACTION_MESSAGES, usePassportAction, WithReason } from "../../../components/passport-actions";
import { useCurrentListQuery } from "../../../components/passport-actions/usePassportAction";
import { DATE_FORMAT, DATE_INPUT_FORMATS, DATE_TIME_FORMAT, DATE_TIME_INPUT_FORMATS, parseDate, toWireDate } from "../../../format";

type DateUpdate = (typeof DATE_UPDATES)[number];

const PATH_OF: Record<DateUpdate["field"], string> = {
  visaIssueDate: PATHS.visaIssueDate,
  visaExpireDate: PATHS.visaExpireDate,
  flightScheduleDate: PATHS.flightScheduleDate,
};

/**
 * A date that can be set or cleared (spec §2 Work Permit Table), shown and typed as DD/MM/YYYY (the
 * flight schedule with HH:mm); sent as YYYY-MM-DD, the flight schedule as an ISO date-time; clearing
 * sends null. The list's page, size and filters go along (§7).
 * The workflow rules decide what is offered: the picker is disabled with the reason until its
 * milestones are Done, days out of order cannot be picked, and a date others depend on cannot be cleared.
 */
export function DateCell({ passport, update, label }: { passport: Passport; update: DateUpdate; label: string }) {
  const { t } = useTranslation();
  const { run, busy } = usePassportAction();
  const listQuery = useCurrentListQuery();
  const withTime = update.field === "flightScheduleDate";
  const listed = passport[update.field];

  // As in MilestoneSwitch: the new date shows until the refetched list differs from the one changed
  // from, and goes back if the call fails.
  const [change, setChange] = useState<{ to: string | null; from: string | null }>();
  if (change && change.from !== listed) setChange(undefined);
  const shown = change ? change.to : listed;
  const waiting = dateSetRefusal(passport, update.field);
  const clearable = dateRefusal(passport, update.field, null) === undefined;

  const onChange = async (date: Dayjs | null) => {
    const value = date ? (withTime ? date.toISOString() : toWireDate(date)) : null;
    setChange({ to: value, from: listed });
    const url = fillPath(PATH_OF[update.field], { id: passport.id });
    // The server says what changed in English; other languages say it themselves.
    const translatedSuccess = t(value === null ? "milestones.dateCleared" : "milestones.dateUpdated", { label });
    const done = await run({ url, payload: { [update.field]: value }, query: listQuery }, { ...ACTION_MESSAGES.progress, translatedSuccess });
    setChange(done ? { to: done.passport ? done.passport[update.field] : value, from: listed } : undefined);
  };

  return (
    <WithReason reason={waiting}>
      <DatePicker
        allowClear={clearable}
        disabledDate={withTime ? undefined : (day) => dateRefusal(passport, update.field, toWireDate(day)) !== undefined}
        size="small"
        showTime={withTime ? { format: "HH:mm" } : false}
        format={withTime ? DATE_TIME_INPUT_FORMATS : DATE_INPUT_FORMATS}
        placeholder={withTime ? DATE_TIME_FORMAT : DATE_FORMAT}
        value={parseDate(shown)}
        disabled={busy || waiting !== undefined}
        aria-label={t("milestones.dateFor", { label, name: passport.fullName })}
        onChange={onChange}
        style={{ width: withTime ? 170 : 128 }}
      />
    </WithReason>
  );
}

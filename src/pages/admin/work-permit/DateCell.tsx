import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { DATE_UPDATES, fillPath, type Passport, PATHS } from "../../../contract";
import { ACTION_MESSAGES, usePassportAction } from "../../../components/passport-actions";

type DateUpdate = (typeof DATE_UPDATES)[number];

const PATH_OF: Record<DateUpdate["field"], string> = {
  visaIssueDate: PATHS.visaIssueDate,
  visaExpireDate: PATHS.visaExpireDate,
  flightScheduleDate: PATHS.flightScheduleDate,
};

const DATE_FORMAT = "YYYY-MM-DD";
const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm";

/**
 * A date that can be set or cleared (spec §2 Work Permit Table): the visa dates as YYYY-MM-DD, the
 * flight schedule as an ISO date-time; clearing sends null.
 */
export function DateCell({ passport, update, label }: { passport: Passport; update: DateUpdate; label: string }) {
  const { run, busy } = usePassportAction();
  const withTime = update.field === "flightScheduleDate";
  const stored = passport[update.field];

  const change = (date: Dayjs | null) => {
    const value = date ? (withTime ? date.toISOString() : date.format(DATE_FORMAT)) : null;
    void run({ url: fillPath(PATH_OF[update.field], { id: passport.id }), payload: { [update.field]: value } }, ACTION_MESSAGES.progress);
  };

  return (
    <DatePicker
      allowClear
      showTime={withTime ? { format: "HH:mm" } : false}
      format={withTime ? DATE_TIME_FORMAT : DATE_FORMAT}
      placeholder={withTime ? "Select date and time" : "Select date"}
      value={stored ? dayjs(stored) : null}
      disabled={busy}
      aria-label={`${label} for ${passport.fullName}`}
      onChange={change}
      style={{ minWidth: withTime ? 190 : 140 }}
    />
  );
}

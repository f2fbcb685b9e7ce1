import { DatePicker } from "antd";
import dayjs from "dayjs";
import { isValidYmd } from "../../contract";

export const DATE_FORMAT = "YYYY-MM-DD";

export interface DateInputProps {
  id: string;
  /** "YYYY-MM-DD", or "" when empty. */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  status?: "error";
}

/** An antd DatePicker whose value is the YYYY-MM-DD string the contract's rules check. */
export function DateInput({ id, value, onChange, onBlur, status }: DateInputProps) {
  return (
    <DatePicker
      id={id}
      style={{ width: "100%" }}
      format={DATE_FORMAT}
      placeholder={DATE_FORMAT}
      value={isValidYmd(value) ? dayjs(value, DATE_FORMAT) : null}
      onChange={(date) => onChange(date ? date.format(DATE_FORMAT) : "")}
      onBlur={onBlur}
      status={status}
    />
  );
}

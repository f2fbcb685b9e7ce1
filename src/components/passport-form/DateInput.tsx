import { DatePicker } from "antd";
import { DATE_FORMAT, DATE_INPUT_FORMATS, parseDate, toWireDate } from "../../format";
import { isValidYmd } from "../../contract";

export interface DateInputProps {
  id: string;
  /** "YYYY-MM-DD", or "" when empty. */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  status?: "error";
}

/**
 * An antd DatePicker shown and typed as DD/MM/YYYY, whose value is the YYYY-MM-DD string the
 * contract's rules check.
 */
export function DateInput({ id, value, onChange, onBlur, status }: DateInputProps) {
  return (
    <DatePicker
      id={id}
      style={{ width: "100%" }}
      format={DATE_INPUT_FORMATS}
      placeholder={DATE_FORMAT}
      value={isValidYmd(value) ? parseDate(value) : null}
      onChange={(date) => onChange(toWireDate(date) ?? "")}
      onBlur={onBlur}
      status={status}
    />
  );
}

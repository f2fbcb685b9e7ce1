import { DatePicker, Input, InputNumber, Select, Switch } from "antd";
import type { KeyboardEvent } from "react";
import { DATE_TIME_FORMAT, DATE_TIME_INPUT_FORMATS, groupLakh, parseDate, TAKA } from "../../format";
import type { Field } from "../../resources/model/fields";
import { DateInput } from "../passport-form/DateInput";
import { FileInput, type FileValue } from "./FileInput";
import { ReferenceSelect } from "./ReferenceSelect";
import type { ReferenceTarget } from "./useReferenceTitles";
import type { DeclaredWords } from "./useDeclaredWords";

export interface FieldInputProps {
  id: string;
  field: Field;
  /** The resource's words in the chosen language. */
  words: Pick<DeclaredWords, "text">;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  /** A reference's target, when the role may read it. */
  target?: ReferenceTarget["to"];
  /** A file field: where its stored file is read, and how a refused file is reported. */
  storedFileUrl?: string;
  onFileRefused?: (message: string) => void;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined || value === "" ? null : Number(value));

/** Enter in a date picker takes the typed date; it must not also send the form (the browser's implicit submission). */
const keepEnterInPicker = (event: KeyboardEvent) => {
  if (event.key === "Enter") event.preventDefault();
};

/**
 * The input of one declared field, by its kind: text (an email or phone keyboard when its format says),
 * a text area, whole numbers, taka with ৳ and lakh grouping, dates shown DD/MM/YYYY (YYYY-MM-DD in the
 * form and on the wire), a date and time (ISO in the form), a switch, a select of an enum's values,
 * a searchable select of the referenced resource's records, a file. Values stay as the API writes them.
 */
export function FieldInput({ id, field, words, value, onChange, onBlur, error, target, storedFileUrl, onFileRefused }: FieldInputProps) {
  const status = error ? ("error" as const) : undefined;
  const placeholder = field.placeholder === undefined ? undefined : words.text(field.placeholder);
  switch (field.kind) {
    case "text":
      return (
        <Input
          id={id}
          value={String(value ?? "")}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          status={status}
          placeholder={placeholder}
          type={field.format === "email" ? "email" : field.format === "phone" ? "tel" : "text"}
          inputMode={field.format === "phone" ? "tel" : undefined}
          autoComplete="off"
        />
      );
    case "longText":
      return (
        <Input.TextArea
          id={id}
          value={String(value ?? "")}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          status={status}
          placeholder={placeholder}
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      );
    case "number":
      return <InputNumber id={id} style={{ width: "100%" }} precision={0} value={numberOrNull(value)} onChange={onChange} onBlur={onBlur} status={status} />;
    case "money":
      return (
        <InputNumber<number>
          id={id}
          style={{ width: "100%" }}
          prefix={TAKA}
          precision={0}
          min={0}
          inputMode="numeric"
          formatter={(amount) => (amount === undefined || amount === null || String(amount) === "" ? "" : groupLakh(String(amount).replace(/\D/g, "")))}
          parser={(text) => Number((text ?? "").replace(/\D/g, ""))}
          value={numberOrNull(value)}
          onChange={onChange}
          onBlur={onBlur}
          status={status}
        />
      );
    case "date":
      return (
        <div onKeyDown={keepEnterInPicker}>
          <DateInput id={id} value={typeof value === "string" ? value : ""} onChange={onChange} onBlur={onBlur} status={status} />
        </div>
      );
    case "dateTime":
      return (
        <DatePicker
          id={id}
          style={{ width: "100%" }}
          showTime={{ format: "HH:mm" }}
          format={DATE_TIME_INPUT_FORMATS}
          placeholder={DATE_TIME_FORMAT}
          value={parseDate(value as string)}
          onChange={(date) => onChange(date ? date.toISOString() : null)}
          onBlur={onBlur}
          onKeyDown={keepEnterInPicker}
          status={status}
        />
      );
    case "boolean":
      return <Switch id={id} checked={value === true} onChange={onChange} />;
    case "enum":
      return (
        <Select<string>
          id={id}
          style={{ width: "100%" }}
          value={(value as string | null) ?? undefined}
          options={field.values.map((v) => ({ value: v, label: words.text(field.labels?.[v] ?? v) }))}
          onChange={(next) => onChange(next ?? null)}
          onBlur={onBlur}
          allowClear={!field.required}
          status={status}
        />
      );
    case "reference":
      return target ? (
        <ReferenceSelect id={id} target={target} value={value as number | null} onChange={onChange} onBlur={onBlur} status={status} allowClear={!field.required} />
      ) : (
        <InputNumber id={id} style={{ width: "100%" }} precision={0} value={numberOrNull(value)} onChange={onChange} onBlur={onBlur} status={status} />
      );
    case "file":
      return <FileInput id={id} field={field} label={words.text(field.label)} value={value as FileValue} onChange={onChange} onRefused={(message) => onFileRefused?.(message)} storedUrl={storedFileUrl} />;
  }
}

import { useTranslation } from "react-i18next";
import type { LocalText } from "../../i18n/local-text";
import { useLocalText } from "../../i18n/useLocalText";
import { DatePicker, Flex, InputNumber, Select } from "antd";
import { DATE_FORMAT, DATE_INPUT_FORMATS, parseDate, toWireDate } from "../../format";
import type { Field } from "../../resources/model/fields";
import type { FilterEditor, FilterEditorProps } from "../filters";
import { filterShapeOf } from "./list-params";
import { ReferenceSelect } from "./ReferenceSelect";
import type { ReferenceTarget } from "./useReferenceTitles";

function ChoiceEditor({ value, onChange, label, options }: FilterEditorProps & { options: { value: string; label: LocalText }[] }) {
  const { t } = useTranslation();
  const text = useLocalText();
  return (
    <Select<string>
      aria-label={label}
      style={{ width: "100%", minWidth: 200 }}
      value={value[0] || undefined}
      options={options.map((option) => ({ value: option.value, label: text(option.label) }))}
      onChange={(next) => onChange(next ? [next] : [])}
      allowClear
      placeholder={t("declared.any")}
    />
  );
}

function DateRangeEditor({ value, onChange, label }: FilterEditorProps) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={label}
      format={DATE_INPUT_FORMATS}
      placeholder={[t("declared.fromDate", { format: DATE_FORMAT }), t("declared.toDate", { format: DATE_FORMAT })]}
      allowEmpty={[true, true]}
      value={[parseDate(value[0]), parseDate(value[1])]}
      onChange={(dates) => onChange([toWireDate(dates?.[0]) ?? "", toWireDate(dates?.[1]) ?? ""])}
    />
  );
}

function NumberRangeEditor({ value, onChange, label, onSubmit }: FilterEditorProps) {
  const { t } = useTranslation();
  const end = (i: 0 | 1, next: number | null) => {
    const both = [value[0] ?? "", value[1] ?? ""];
    both[i] = next === null ? "" : String(next);
    onChange(both);
  };
  return (
    <Flex gap={8}>
      <InputNumber aria-label={t("declared.from", { label })} placeholder={t("declared.fromPlaceholder")} precision={0} value={value[0] ? Number(value[0]) : null} onChange={(v) => end(0, v)} onPressEnter={onSubmit} />
      <InputNumber aria-label={t("declared.to", { label })} placeholder={t("declared.toPlaceholder")} precision={0} value={value[1] ? Number(value[1]) : null} onChange={(v) => end(1, v)} onPressEnter={onSubmit} />
    </Flex>
  );
}

/**
 * The control that edits a field's filter, in a header popup or the phone's Filters form: a choice
 * (an enum's values, Yes / No, a record of the referenced resource), a range of dates or numbers.
 * Text fields keep the popup's own text input (undefined here).
 */
export function filterEditorOf(field: Field, target?: ReferenceTarget["to"]): FilterEditor | undefined {
  const shape = filterShapeOf(field);
  if (shape === "range") return field.kind === "date" || field.kind === "dateTime" ? DateRangeEditor : NumberRangeEditor;
  if (shape !== "choice") return undefined;
  if (field.kind === "enum") {
    const options = field.values.map((v) => ({ value: v, label: field.labels?.[v] ?? v }));
    return (props) => <ChoiceEditor {...props} options={options} />;
  }
  if (field.kind === "boolean") {
    const options = [
      { value: "true", label: { key: "declared.yes", en: "Yes" } },
      { value: "false", label: { key: "declared.no", en: "No" } },
    ];
    return (props) => <ChoiceEditor {...props} options={options} />;
  }
  if (field.kind === "reference" && target) {
    return ({ value, onChange, label }) => (
      <ReferenceSelect target={target} aria-label={label} value={value[0]} onChange={(id) => onChange(id === null ? [] : [String(id)])} allowClear />
    );
  }
  return undefined;
}

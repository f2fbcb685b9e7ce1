import { Button, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { filterHint } from "../passport-table/view-model";
import type { FilterValues } from "./clean-filters";
import { passportFilterLabel, passportFilterValue } from "./labels";

export interface FilterChipsProps {
  /** Active filters, already cleaned (see `cleanFilters`). */
  filters: FilterValues;
  onRemove: (key: string) => void;
  onClearAll: () => void;
  /** Chip label per filter key; defaults to the passport column titles, else the key itself. */
  labels?: Record<string, string>;
  /** A value as its chip shows it; defaults to the passport filters' (dates formatted, milestones Done / Processing). */
  formatValue?: (key: string, value: string) => string;
}

/** Active filters as closable chips ("Full Name: rahim") and a "Clear All Filter" button; without any, the list's hint. */
export function FilterChips({ filters, onRemove, onClearAll, labels, formatValue = passportFilterValue }: FilterChipsProps) {
  const { t } = useTranslation();
  const label = (key: string) => (labels ? (labels[key] ?? key) : passportFilterLabel(key));
  const hint = filterHint(filters);
  if (hint) return <Typography.Text type="secondary">{hint}</Typography.Text>;
  const entries = Object.entries(filters);
  return (
    <Space wrap size={[8, 8]}>
      {entries.map(([key, value]) => (
        <Tag
          key={key}
          color="blue"
          closable
          onClose={(event) => {
            // The parent removes the chip; stop antd from also hiding it on its own.
            event.preventDefault();
            onRemove(key);
          }}
        >
          {t("filters.chip", { label: label(key), value: formatValue(key, value) })}
        </Tag>
      ))}
      <Button size="small" danger onClick={onClearAll}>
        {t("filters.clearAll")}
      </Button>
    </Space>
  );
}

import { FilterOutlined } from "@ant-design/icons";
import { Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PassportColumnId } from "../../resources/passport-columns";
import type { FilterValues } from "../filters";
import { passportColumnTitle } from "../display/words";
import { COLUMN_FILTER_KEYS } from "./table-params";

/**
 * On a phone the table's header search popups are gone with the table: "Filters" opens the same
 * searches as one form. Applying replaces the filters, as the popups do.
 */
export function CardFilters({ search, filters, onApply }: { search: readonly PassportColumnId[]; filters: FilterValues; onApply: (next: FilterValues) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterValues | undefined>();
  const fields = search.flatMap((id) => (COLUMN_FILTER_KEYS[id] ? [{ id, key: COLUMN_FILTER_KEYS[id]!, title: passportColumnTitle(id) }] : []));
  if (fields.length === 0) return null;
  const apply = () => {
    onApply(draft ?? filters);
    setDraft(undefined);
  };
  return (
    <>
      <Button icon={<FilterOutlined aria-hidden />} onClick={() => setDraft({ ...filters })}>
        {t("passportTable.filtersButton")}
      </Button>
      <Modal
        title={t("passportTable.filtersButton")}
        open={draft !== undefined}
        onCancel={() => setDraft(undefined)}
        okText={t("filters.search")}
        onOk={apply}
        cancelText={t("passportTable.cancel")}
        destroyOnHidden
      >
        <Form layout="vertical" component="form" onFinish={apply}>
          {fields.map(({ key, title }) => (
            <Form.Item key={key} label={title} htmlFor={`card-filter-${key}`} style={{ marginBottom: 12 }}>
              <Input
                id={`card-filter-${key}`}
                placeholder={t("filters.searchColumn", { column: title })}
                value={draft?.[key] ?? ""}
                onChange={(event) => setDraft((prev) => ({ ...prev, [key]: event.target.value }))}
                onPressEnter={apply}
                allowClear
              />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}

import { FilterOutlined } from "@ant-design/icons";
import { useDeclaredWords } from "./useDeclaredWords";
import { Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import type { FilterValues } from "../filters";
import { filterEditorOf } from "./FilterEditors";
import { filterableFields, filterKeysOfField, filtersFromPopup, popupValuesOf, SEARCH_KEY } from "./list-params";
import type { DeclaredScreen } from "./useDeclaredScreen";
import type { ReferenceTarget } from "./useReferenceTitles";

/**
 * On a phone the header popups are gone with the table: "Filters" opens the same controls as one
 * form (as the passport lists' CardFilters does). Applying replaces the filters; the search box stays.
 */
export function DeclaredCardFilters({
  screen,
  targets,
  filters,
  onApply,
}: {
  screen: DeclaredScreen;
  targets: ReferenceTarget[];
  filters: FilterValues;
  onApply: (next: FilterValues) => void;
}) {
  const { t, text } = useDeclaredWords(screen.data);
  const [draft, setDraft] = useState<FilterValues | undefined>();
  const fields = filterableFields(screen.data);
  const apply = () => {
    onApply({ ...(draft ?? filters), ...(filters[SEARCH_KEY] ? { [SEARCH_KEY]: filters[SEARCH_KEY] } : {}) });
    setDraft(undefined);
  };
  const setField = (name: string, values: readonly string[]) =>
    setDraft((prev) => {
      const field = screen.data.fields[name];
      const next = Object.fromEntries(Object.entries(prev ?? {}).filter(([key]) => !filterKeysOfField(name, field).includes(key)));
      return { ...next, ...filtersFromPopup(name, field, values) };
    });
  return (
    <>
      <Button icon={<FilterOutlined aria-hidden />} onClick={() => setDraft({ ...filters })}>
        {t("declared.filters")}
      </Button>
      <Modal
        title={t("declared.filters")}
        open={draft !== undefined}
        onCancel={() => setDraft(undefined)}
        okText={t("declared.search")}
        onOk={apply}
        cancelText={t("declared.cancel")}
        destroyOnHidden
      >
        <Form layout="vertical" component="form" onFinish={apply}>
          {fields.map(([name, field]) => {
            const editor = filterEditorOf(field, targets.find((t) => t.field === name)?.to);
            const values = popupValuesOf(name, field, draft ?? {});
            const id = `card-filter-${name}`;
            const label = text(field.label);
            return (
              <Form.Item key={name} label={label} htmlFor={id} style={{ marginBottom: 12 }}>
                {editor ? (
                  <div id={id}>{editor({ value: values, onChange: (v) => setField(name, v), onSubmit: apply, label: t("declared.filterNamed", { label }) })}</div>
                ) : (
                  <Input id={id} placeholder={t("declared.searchNamed", { label })} value={values[0]} onChange={(event) => setField(name, [event.target.value])} onPressEnter={apply} allowClear />
                )}
              </Form.Item>
            );
          })}
        </Form>
      </Modal>
    </>
  );
}

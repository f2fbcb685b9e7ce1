import { useTranslation } from "react-i18next";
import { useLocalText } from "../../i18n/useLocalText";
import { type BaseRecord, type CrudFilter, useList, useMany } from "@refinedev/core";
import { Select } from "antd";
import { useState } from "react";
import { isSearchable } from "../../resources/model/fields";
import { useDebouncedValue } from "../filters";
import type { ReferenceTarget } from "./useReferenceTitles";

export interface ReferenceSelectProps {
  target: ReferenceTarget["to"];
  /** The referenced record's id. */
  value: string | number | null | undefined;
  onChange: (id: number | null) => void;
  id?: string;
  "aria-label"?: string;
  status?: "error";
  allowClear?: boolean;
  onBlur?: () => void;
}

/** How a list of the target is searched by its title: `<title>_like` when it may be filtered, else `q` when searchable. */
function searchFilter(target: ReferenceTarget["to"], text: string): CrudFilter[] {
  if (!text) return [];
  const title = target.data.fields[target.data.title];
  if (title?.filterable) return [{ field: target.data.title, operator: "contains", value: text }];
  if (Object.values(target.data.fields).some(isSearchable)) return [{ field: "q", operator: "eq", value: text }];
  return [];
}

/**
 * A record of another declared resource, chosen by its title: the first 20 by title, then those
 * matching what is typed (after the filters' pause). The chosen record's title is fetched when it is
 * not among them (an edited record's employer).
 */
export function ReferenceSelect({ target, value, onChange, id, status, allowClear, onBlur, ...rest }: ReferenceSelectProps) {
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim());
  const title = target.data.title;
  const { result, query } = useList<BaseRecord>({
    resource: target.identifier,
    pagination: { currentPage: 1, pageSize: 20, mode: "server" },
    sorters: [{ field: title, order: "asc" }],
    filters: searchFilter(target, search),
  });
  const { t } = useTranslation();
  const text = useLocalText();
  const chosen = value === null || value === undefined || value === "" ? undefined : Number(value);
  const listed = result.data.some((record) => Number(record.id) === chosen);
  const { result: chosenRecords } = useMany<BaseRecord>({
    resource: target.identifier,
    ids: chosen === undefined ? [] : [chosen],
    queryOptions: { enabled: chosen !== undefined && !listed },
  });
  const options = [...result.data, ...(listed ? [] : chosenRecords.data)].map((record) => ({
    value: Number(record.id),
    label: String(record[title] ?? `#${record.id}`),
  }));
  return (
    <Select<number>
      id={id}
      aria-label={rest["aria-label"]}
      style={{ width: "100%", minWidth: 200 }}
      showSearch
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      loading={query.isFetching}
      value={chosen}
      options={options}
      onChange={(next) => {
        setTyped("");
        onChange(next ?? null);
      }}
      onBlur={onBlur}
      allowClear={allowClear}
      status={status}
      placeholder={t("declared.selectOne", { one: text(target.data.label.one) })}
      notFoundContent={query.isFetching ? t("declared.loading") : t("declared.noneFound", { manyLower: text(target.data.label.many).toLowerCase() })}
    />
  );
}

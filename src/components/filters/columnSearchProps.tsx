import { SearchOutlined } from "@ant-design/icons";
import { Button, Input, Space } from "antd";
import type { ColumnType } from "antd/es/table";

/**
 * Header filter popup for a text column (spec §2): an input with Search and Reset. Filtering happens on
 * the server, so the value reaches the table's `onChange(pagination, filters)` as `filters[dataIndex]`.
 * Pass the current (URL) value as `activeValue` to keep the popup and the icon in step with it.
 */
export function columnSearchProps<T>(dataIndex: string, title: string, activeValue?: string | null): ColumnType<T> {
  const props: ColumnType<T> = {
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm, clearFilters }) => (
      <div style={{ padding: 8 }} onKeyDown={(event) => event.stopPropagation()}>
        <Input
          placeholder={`Search ${title}`}
          aria-label={`Search ${title}`}
          value={(selectedKeys[0] as string | undefined) ?? ""}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onPressEnter={() => confirm()}
          style={{ marginBottom: 8, display: "block" }}
        />
        <Space>
          <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => confirm()} style={{ width: 90 }}>
            Search
          </Button>
          <Button
            size="small"
            style={{ width: 90 }}
            onClick={() => {
              clearFilters?.();
              confirm();
            }}
          >
            Reset
          </Button>
        </Space>
      </div>
    ),
    filterIcon: (filtered: boolean) => (
      <SearchOutlined aria-label={`Filter ${title}`} style={{ color: filtered ? "#1677ff" : undefined }} />
    ),
  };
  if (activeValue !== undefined) props.filteredValue = activeValue ? [activeValue] : null;
  return props;
}

import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from "@ant-design/icons";
import { Button, Checkbox, Flex, Modal, Typography } from "antd";
import { useState } from "react";
import { PASSPORT_COLUMN_TITLES } from "../../format/passport-cells";
import type { ColumnChoiceState } from "./useColumnChoice";

export const RESET_COLUMNS = "Reset columns";

/**
 * "Columns": which of the list's columns show and in what order, remembered for this user and list in
 * this browser. The pinned columns always show; action columns are not listed (they always show).
 */
export function ColumnChooser<Id extends string>({
  choice,
  listLabel,
  titles = PASSPORT_COLUMN_TITLES as Readonly<Record<string, string>>,
}: {
  choice: ColumnChoiceState<Id>;
  listLabel: string;
  /** Each column's title; the passport tables' by default. */
  titles?: Readonly<Record<string, string>>;
}) {
  const [open, setOpen] = useState(false);
  const movable = choice.columns.filter((c) => !c.locked);
  const title = (id: Id) => titles[id] ?? id;

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        Columns
      </Button>
      <Modal
        title={`Columns of ${listLabel}`}
        open={open}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="reset" onClick={choice.reset} disabled={!choice.customised}>
            {RESET_COLUMNS}
          </Button>,
          <Button key="done" type="primary" onClick={() => setOpen(false)}>
            Done
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">
          Tick the columns to show and move them up or down. Kept in this browser for you.
        </Typography.Paragraph>
        <ul aria-label="Columns" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {choice.columns.map(({ id, shown, locked }) => {
            const place = movable.findIndex((c) => c.id === id);
            return (
              <li key={id} style={{ padding: "2px 0" }}>
                <Flex align="center" justify="space-between" gap={8}>
                  <Checkbox checked={shown} disabled={locked} onChange={() => choice.toggle(id)}>
                    {title(id)}
                    {locked && <Typography.Text type="secondary"> (always shown)</Typography.Text>}
                  </Checkbox>
                  {!locked && (
                    <span>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={`Move ${title(id)} up`}
                        disabled={place === 0}
                        onClick={() => choice.move(id, -1)}
                      />
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={`Move ${title(id)} down`}
                        disabled={place === movable.length - 1}
                        onClick={() => choice.move(id, 1)}
                      />
                    </span>
                  )}
                </Flex>
              </li>
            );
          })}
        </ul>
      </Modal>
    </>
  );
}

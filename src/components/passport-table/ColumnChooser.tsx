import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from "@ant-design/icons";
import { Button, Checkbox, Flex, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { passportColumnTitle } from "../display/words";
import type { PassportColumnId } from "../../resources/passport-columns";
import type { ColumnChoiceState } from "./useColumnChoice";

/**
 * "Columns": which of the list's columns show and in what order, remembered for this user and list in
 * this browser. The pinned columns always show; action columns are not listed (they always show).
 */
export function ColumnChooser<Id extends string>({
  choice,
  listLabel,
  titles,
}: {
  choice: ColumnChoiceState<Id>;
  listLabel: string;
  /** Each column's title; the passport tables' by default. */
  titles?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const movable = choice.columns.filter((c) => !c.locked);
  const title = (id: Id) => (titles ? (titles[id] ?? id) : passportColumnTitle(id as string as PassportColumnId));

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        {t("passportTable.columnsButton")}
      </Button>
      <Modal
        title={t("passportTable.columnsTitle", { list: listLabel })}
        open={open}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="reset" onClick={choice.reset} disabled={!choice.customised}>
            {t("passportTable.resetColumns")}
          </Button>,
          <Button key="done" type="primary" onClick={() => setOpen(false)}>
            {t("passportTable.columnsDone")}
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">{t("passportTable.columnsHelp")}</Typography.Paragraph>
        <ul aria-label={t("passportTable.columnsList")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {choice.columns.map(({ id, shown, locked }) => {
            const place = movable.findIndex((c) => c.id === id);
            return (
              <li key={id} style={{ padding: "2px 0" }}>
                <Flex align="center" justify="space-between" gap={8}>
                  <Checkbox checked={shown} disabled={locked} onChange={() => choice.toggle(id)}>
                    {title(id)}
                    {locked && <Typography.Text type="secondary"> {t("passportTable.alwaysShown")}</Typography.Text>}
                  </Checkbox>
                  {!locked && (
                    <span>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t("passportTable.moveUp", { column: title(id) })}
                        disabled={place === 0}
                        onClick={() => choice.move(id, -1)}
                      />
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t("passportTable.moveDown", { column: title(id) })}
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

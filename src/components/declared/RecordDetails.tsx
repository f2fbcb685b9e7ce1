import type { BaseRecord } from "@refinedev/core";
import { Descriptions, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { recordRouteOf } from "../../resources/derive";
import { useIsPhone } from "../layout/useIsNarrow";
import { fieldText, isStoredFile } from "../../resources/model/field-text";
import { StoredFileActions } from "./StoredFileActions";
import { useDeclaredWords } from "./useDeclaredWords";
import type { DeclaredScreen } from "./useDeclaredScreen";
import { useReferenceTargets, useReferenceTitles } from "./useReferenceTitles";
import { storedFileUrl } from "./useStoredFile";

/**
 * Every field of a record with its label, as the lists show values; a reference by its record's title,
 * linked to that record's page; a file with Preview and Download.
 */
export function RecordDetails({ screen, record }: { screen: DeclaredScreen; record: BaseRecord }) {
  const phone = useIsPhone();
  const data = screen.data;
  const targets = useReferenceTargets(screen);
  const titleOf = useReferenceTitles(screen, [record]);
  const words = useDeclaredWords(data);
  const items = Object.entries(data.fields).map(([name, field]) => {
    const value = (record as Record<string, unknown>)[name];
    const text = fieldText(field, value, titleOf(name, value), words.values);
    const label = words.text(field.label);
    const target = targets.find((t) => t.field === name)?.to;
    let shown: ReactNode = text;
    if (target?.pages.show && value !== null && value !== undefined) shown = <Link to={recordRouteOf(target, "show", value as number)!}>{text}</Link>;
    if (field.kind === "file" && isStoredFile(value)) {
      shown = (
        <Space wrap>
          <Typography.Text>{value.fileName}</Typography.Text>
          <StoredFileActions url={storedFileUrl(data.name, record.id!, name)} file={value} label={label} />
        </Space>
      );
    }
    if (field.kind === "longText") shown = <span style={{ whiteSpace: "pre-wrap" }}>{text}</span>;
    return { key: name, label, children: shown };
  });
  return <Descriptions bordered size="small" column={phone ? 1 : 2} items={items} />;
}

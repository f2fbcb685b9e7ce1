import { Flex, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import type { ImportReport } from "../../contract";
import { useFormat } from "../../i18n/useFormat";

/**
 * How many rows are (or would be) new, duplicates and failed, out of the file's. A list of terms and
 * values, so a screen reader reads each count with its name. In Bengali the counts are in Bengali
 * digits (issue 28).
 */
export function ImportCounts({ report, done }: { report: ImportReport; done: boolean }) {
  const { t } = useTranslation();
  const { language, count } = useFormat();
  const counts = [
    { key: "total", title: t("import.counts.total"), value: report.total },
    { key: "created", title: done ? t("import.counts.imported") : t("import.counts.new"), value: report.created, color: report.created > 0 ? "#237804" : undefined },
    { key: "duplicates", title: done ? t("import.counts.duplicatesSkipped") : t("import.counts.duplicates"), value: report.duplicates },
    { key: "failed", title: t("import.counts.failed"), value: report.failed, color: report.failed > 0 ? "#a8071a" : undefined },
  ];
  return (
    <Flex wrap gap={24} role="list" aria-label={done ? t("import.counts.whatImported") : t("import.counts.whatFileHolds")}>
      {counts.map(({ key, title, value, color }) => (
        <div role="listitem" key={key}>
          <Statistic
            title={title}
            value={value}
            groupSeparator=","
            formatter={language === "en" ? undefined : () => count(value)}
            valueStyle={{ fontSize: 22, color }}
          />
        </div>
      ))}
    </Flex>
  );
}

import { Flex, Statistic } from "antd";
import type { ImportReport } from "../../contract";

/**
 * How many rows are (or would be) new, duplicates and failed, out of the file's. A list of terms and
 * values, so a screen reader reads each count with its name.
 */
export function ImportCounts({ report, done }: { report: ImportReport; done: boolean }) {
  const counts = [
    { title: "Rows in the file", value: report.total },
    { title: done ? "Imported" : "New", value: report.created, color: report.created > 0 ? "#237804" : undefined },
    { title: done ? "Duplicates skipped" : "Duplicates", value: report.duplicates },
    { title: "Failed", value: report.failed, color: report.failed > 0 ? "#a8071a" : undefined },
  ];
  return (
    <Flex wrap gap={24} role="list" aria-label={done ? "What was imported" : "What the file holds"}>
      {counts.map(({ title, value, color }) => (
        <div role="listitem" key={title}>
          <Statistic title={title} value={value} groupSeparator="," valueStyle={{ fontSize: 22, color }} />
        </div>
      ))}
    </Flex>
  );
}

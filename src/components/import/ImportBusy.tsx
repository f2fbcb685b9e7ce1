import { Flex, Progress, Spin, Typography } from "antd";
import { sizeText } from "../uploads";
import type { ImportBusy as Busy } from "./useImportWizard";

/**
 * A check or an import under way: the file's upload while it goes (minutes on a slow uplink), then
 * what the server is doing. Only the phase is announced; the bytes are shown, not read out.
 */
export function ImportBusy({ busy }: { busy: Busy }) {
  const sending = busy.total === 0 || busy.sent < busy.total;
  const phase = sending
    ? "Sending the file…"
    : busy.task === "import"
      ? "Importing the rows… Keep this window open until it is done."
      : "Checking every row…";
  const percent = busy.total > 0 ? Math.min(100, Math.floor((busy.sent / busy.total) * 100)) : 0;
  return (
    <Flex vertical gap={8} style={{ padding: "16px 0" }}>
      <Flex gap={12} align="center">
        <Spin />
        <Typography.Text role="status" aria-live="polite">
          {phase}
        </Typography.Text>
      </Flex>
      {sending && busy.total > 0 && (
        <>
          <Typography.Text type="secondary">{`${sizeText(busy.sent)} of ${sizeText(busy.total)}`}</Typography.Text>
          <Progress percent={percent} aria-label="Upload progress" />
        </>
      )}
    </Flex>
  );
}

import { useApiUrl, useCustom } from "@refinedev/core";
import { Empty, Skeleton, Timeline, Typography } from "antd";
import { useFormat } from "../../i18n/useFormat";
import { useDeclaredWords } from "./useDeclaredWords";
import { failureOf, LoadFailed } from "../LoadFailed";
import { changeText, type HistoryEntry, historyReferenceRows, historyVerb } from "./history-text";
import type { DeclaredScreen } from "./useDeclaredScreen";
import { useReferenceTitles } from "./useReferenceTitles";


/**
 * A record's history, oldest first as the passport's timeline reads: when, who, what they did, and
 * each field's old → new value as the screens show it (references by their titles). `version` (the
 * record's updatedAt) changing asks for it again.
 */
export function RecordHistory({ screen, id, version }: { screen: DeclaredScreen; id: string; version?: unknown }) {
  const apiUrl = useApiUrl(screen.dataProviderName);
  const { result, query } = useCustom<HistoryEntry[]>({
    url: `${apiUrl}/${screen.data.name}/${encodeURIComponent(id)}/history`,
    method: "get",
    dataProviderName: screen.dataProviderName,
    // Asked again whenever the record changes (its updatedAt): an edit adds an entry.
    queryOptions: { queryKey: ["declared-history", screen.data.name, id, String(version ?? "")] },
  });
  const entries = Array.isArray(result.data) ? [...result.data].reverse() : [];
  const titleOf = useReferenceTitles(screen, historyReferenceRows(entries));
  const { failed, retry } = failureOf(query);
  const words = useDeclaredWords(screen.data);
  const { t } = words;
  const format = useFormat();
  if (failed) return <LoadFailed messages={[t("declared.historyLoadFailed")]} onRetry={retry} />;
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (entries.length === 0) return <Empty description={t("declared.historyEmpty")} />;
  return (
    <Timeline
      aria-label={t("declared.timeline")}
      items={entries.map((entry) => ({
        key: entry.id,
        children: (
          <>
            <Typography.Text type="secondary">{format.dateTime(entry.at)}</Typography.Text>
            <div>
              <Typography.Text strong>{entry.user?.username ?? t("passportFile.deletedUser")}</Typography.Text> {historyVerb(entry)}
            </div>
            {entry.changes.length > 0 && (
              <ul style={{ margin: "4px 0 0", paddingInlineStart: 20 }}>
                {entry.changes.map((change) => (
                  <li key={change.field}>{changeText(screen.data, entry, change, titleOf, words.values)}</li>
                ))}
              </ul>
            )}
          </>
        ),
      }))}
    />
  );
}

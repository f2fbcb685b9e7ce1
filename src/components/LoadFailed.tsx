import { Button, Result } from "antd";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { dismissFirstScreen } from "../first-screen/gate";
import { errorText } from "../providers/http-errors";

/** What a screen needs to know of a query that may have failed: whether it did, and how to ask again. */
export function failureOf(query: { isError: boolean; isFetching: boolean; refetch: () => unknown }) {
  return {
    /** The last attempt failed and none is under way (a retry shows the loading state again). */
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}

/**
 * Shown instead of content that could not be loaded: what failed, and a Retry button. A message that
 * is the server's or the HTTP client's English is shown in the user's language (issue 28).
 */
export function LoadFailed({ messages, onRetry }: { messages: readonly string[]; onRetry?: () => void }) {
  const { t } = useTranslation();
  // Whatever failed is what the user must see, not the first screen's picture of the list.
  useLayoutEffect(dismissFirstScreen, []);
  return (
    <Result
      status="error"
      title={messages.map((message) => (
        <div key={message}>{errorText(message)}</div>
      ))}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            {t("shell.retry")}
          </Button>
        )
      }
    />
  );
}

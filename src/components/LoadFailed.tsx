import { Button, Result } from "antd";

/** What a screen needs to know of a query that may have failed: whether it did, and how to ask again. */
export function failureOf(query: { isError: boolean; isFetching: boolean; refetch: () => unknown }) {
  return {
    /** The last attempt failed and none is under way (a retry shows the loading state again). */
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}

/** Shown instead of content that could not be loaded: what failed, and a Retry button. */
export function LoadFailed({ messages, onRetry }: { messages: readonly string[]; onRetry?: () => void }) {
  return (
    <Result
      status="error"
      title={messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    />
  );
}

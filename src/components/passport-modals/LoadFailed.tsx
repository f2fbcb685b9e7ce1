import { Button, Result } from "antd";

/** The spec gives no texts for lists the passport form needs that failed to load. */
export const SLOTS_FAILED = "Could not load the slot numbers.";
export const AGENTS_FAILED = "Could not load the agents.";

/** Shown instead of the passport form when its slots or agents could not be loaded. */
export function LoadFailed({ messages, onRetry }: { messages: string[]; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
      extra={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

/** The slots' and agents' state as the passport modals need it: ready, or what failed and how to retry. */
export function formLists(
  slots: { loaded: boolean; failed: boolean; retry: () => void },
  agents: { loaded: boolean; failed: boolean; retry: () => void },
) {
  const failed = [slots.failed && SLOTS_FAILED, agents.failed && AGENTS_FAILED].filter((m): m is string => Boolean(m));
  return {
    ready: slots.loaded && agents.loaded,
    failed,
    retry: () => {
      if (slots.failed) slots.retry();
      if (agents.failed) agents.retry();
    },
  };
}

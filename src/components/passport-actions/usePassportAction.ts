import { useCustomMutation, useNotification } from "@refinedev/core";
import { useCallback, useState } from "react";
import type { Envelope, Passport } from "../../contract";
import { ApiRequestError } from "../../providers/http-errors";
import { useInvalidatePassportLists } from "../passport-table";
import type { ActionMessages } from "./messages";

export interface PassportActionRequest {
  /** A filled contract path, e.g. fillPath(PATHS.review, { id }). */
  url: string;
  method?: "put" | "post";
  payload?: Record<string, unknown>;
}

/**
 * Runs one workflow call (review, reject, comment, milestone, date, complete...), tells the user the
 * outcome with the §8 texts, and on success refetches every passport list. Resolves to the updated
 * passport, or undefined when it failed.
 */
export function usePassportAction() {
  const { mutateAsync } = useCustomMutation<Envelope<Passport>>();
  const { open } = useNotification();
  const invalidateLists = useInvalidatePassportLists();
  const [pending, setPending] = useState(0);

  const run = useCallback(
    async ({ url, method = "put", payload = {} }: PassportActionRequest, messages: ActionMessages) => {
      const fail = (message: string) => open?.({ type: "error", message, key: `${url}:error` });
      setPending((n) => n + 1);
      try {
        const { data: reply } = await mutateAsync({
          url,
          method,
          values: payload,
          successNotification: false,
          errorNotification: false,
        });
        if (!reply.success) {
          fail((messages.preferServerMessage && reply.errorMessage) || messages.failure);
          return undefined;
        }
        open?.({ type: "success", message: messages.success ?? reply.message ?? "Saved", key: `${url}:success` });
        void invalidateLists();
        return reply.replyMessage ?? undefined;
      } catch (error) {
        // An error reply (4xx/5xx with an envelope) is a failure the server explained; anything else is an exception.
        if (error instanceof ApiRequestError && error.code === "HTTP_ERROR") {
          fail((messages.preferServerMessage && error.envelope?.errorMessage) || messages.failure);
        } else {
          console.error(error);
          fail(messages.exception);
        }
        return undefined;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [mutateAsync, open, invalidateLists],
  );

  return { run, busy: pending > 0 };
}

import { useCustomMutation, useNotification } from "@refinedev/core";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE, type Envelope, PAGE_SIZES, type Passport } from "../../contract";
import { currentLanguage, t } from "../../i18n/i18n";
import { translateMessage } from "../../i18n/messages";
import { toQueryString } from "../../providers/data-provider";
import { ApiRequestError } from "../../providers/http-errors";
import { useCurrentResource } from "../resource-context";
import { passportFilterKeys, TABLE_PARAMS, useInvalidatePassportLists } from "../passport-table";
import type { ActionMessages } from "./messages";
import { refusalText } from "./refusal-text";

export interface PassportActionRequest {
  /** A filled contract path, e.g. fillPath(PATHS.review, { id }). */
  url: string;
  method?: "put" | "post";
  payload?: Record<string, unknown>;
  /** Query parameters added to the URL (blank values left out). */
  query?: Record<string, string | number>;
}

/** A call the server accepted; `passport` is the updated record when the reply carried one. */
export interface ActionDone {
  ok: true;
  passport: Passport | undefined;
}

const isRecord = (value: unknown): value is Passport => typeof value === "object" && value !== null;

/** Success text: fixed, else the server's words (replyMessage when it is text, else message), else the fallback. */
function successText(reply: Envelope<unknown>, messages: ActionMessages): string | undefined {
  if (messages.success) return t(messages.success);
  if (messages.translatedSuccess && currentLanguage() !== "en") return messages.translatedSuccess;
  if (typeof reply.replyMessage === "string" && reply.replyMessage) return reply.replyMessage;
  return reply.message || (messages.successFallback && t(messages.successFallback));
}

/** The server's reason for a refusal, in the user's language when the app knows it. */
function serverReason(envelope: Envelope<unknown> | undefined): string | undefined {
  if (!envelope?.errorMessage) return undefined;
  const text = translateMessage(envelope.errorMessage, (envelope as { errorCode?: string | null }).errorCode);
  // The workflow rules' refusals (409) have no code: they are read by their shape.
  return text === envelope.errorMessage ? refusalText(text) : text;
}

/**
 * Runs one workflow call (review, reject, comment, milestone, date, complete...), tells the user the
 * outcome with the §8 texts, and on success refetches every passport list. The envelope's `success`
 * decides, whatever the HTTP status. Resolves to ActionDone, or undefined when the call failed or was
 * cancelled, so `if (await run(...))` reads "if it worked".
 */
export function usePassportAction() {
  const { mutateAsync } = useCustomMutation<Envelope<unknown>>();
  const { open } = useNotification();
  const invalidateLists = useInvalidatePassportLists();
  const [pending, setPending] = useState(0);

  const run = useCallback(
    async ({ url, method = "put", payload = {}, query = {} }: PassportActionRequest, messages: ActionMessages): Promise<ActionDone | undefined> => {
      const fail = (message: string) => open?.({ type: "error", message, key: `${url}:error` });
      const search = toQueryString(query);
      setPending((n) => n + 1);
      try {
        const { data: reply } = await mutateAsync({
          url: search ? `${url}?${search}` : url,
          method,
          values: payload,
          successNotification: false,
          errorNotification: false,
        });
        if (reply.success !== true) {
          fail((messages.preferServerMessage && serverReason(reply)) || t(messages.failure));
          return undefined;
        }
        const text = successText(reply, messages);
        if (text) open?.({ type: "success", message: text, key: `${url}:success` });
        void invalidateLists();
        return { ok: true, passport: isRecord(reply.replyMessage) ? reply.replyMessage : undefined };
      } catch (error) {
        // Cancelled (e.g. the page was left): nobody is waiting for an answer.
        if (error instanceof ApiRequestError && error.code === "ABORTED") return undefined;
        // An error reply (4xx/5xx with an envelope) is a failure the server explained; anything else is an exception.
        if (error instanceof ApiRequestError && error.code === "HTTP_ERROR") {
          fail((messages.preferServerMessage && serverReason(error.envelope)) || t(messages.failure));
        } else {
          console.error(error);
          fail(t(messages.exception));
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

const positiveInteger = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The page, size and filters of the passport list on screen, named as its list call names them (page
 * zero-based), for the updates that carry them (spec §7). Read from the URL, where the table keeps them.
 */
export function useCurrentListQuery(): Record<string, string | number> {
  const [params] = useSearchParams();
  const table = useCurrentResource().passportTable;
  const size = positiveInteger(params.get(TABLE_PARAMS.size));
  const query: Record<string, string | number> = {
    page: (positiveInteger(params.get(TABLE_PARAMS.page)) ?? 1) - 1,
    size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
  const keys = passportFilterKeys(table?.search ?? []);
  if (table?.agentFilter) keys.push(TABLE_PARAMS.agentId);
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

import { useCustom } from "@refinedev/core";
import { type Attachments, type Envelope, fillPath, PATHS } from "../../contract";
import { failureOf } from "../LoadFailed";

/** GET /api/passport/{id}/get-attachments; nothing is fetched while `passportId` is undefined. */
export function usePassportAttachments(passportId: number | undefined) {
  const enabled = passportId !== undefined;
  const { result, query } = useCustom<Envelope<Attachments>>({
    url: fillPath(PATHS.attachments, { id: passportId ?? 0 }),
    method: "get",
    queryOptions: { enabled },
  });
  const { failed, retry } = failureOf(query);
  return {
    attachments: enabled ? (result.data?.replyMessage ?? undefined) : undefined,
    // Also while a retry after a failure is under way.
    loading: enabled && !query.isSuccess && !failed,
    failed,
    retry,
  };
}

import { useCustom } from "@refinedev/core";
import { type Attachments, type Envelope, fillPath, PATHS } from "../../contract";

/** GET /api/passport/{id}/get-attachments; nothing is fetched while `passportId` is undefined. */
export function usePassportAttachments(passportId: number | undefined) {
  const { result, query } = useCustom<Envelope<Attachments>>({
    url: fillPath(PATHS.attachments, { id: passportId ?? 0 }),
    method: "get",
    queryOptions: { enabled: passportId !== undefined },
  });
  return {
    attachments: passportId === undefined ? undefined : (result.data?.replyMessage ?? undefined),
    loading: passportId !== undefined && query.isLoading,
  };
}

import { useCustom } from "@refinedev/core";
import { type Envelope, fillPath, type Passport, type PassportComment, type PassportEventRecord, PATHS } from "../../contract";
import { failureOf } from "../LoadFailed";

function useFilePart<T>(path: string, passportId: number | undefined, valid: (reply: unknown) => boolean) {
  const enabled = passportId !== undefined;
  const { result, query } = useCustom<Envelope<T>>({
    url: fillPath(path, { id: passportId ?? 0 }),
    method: "get",
    queryOptions: { enabled },
    // The file says itself what could not be loaded.
    errorNotification: false,
  });
  const reply = result.data?.replyMessage;
  return { data: enabled && valid(reply) ? (reply as T) : undefined, loading: enabled && query.isLoading, ...failureOf(query) };
}

/** The passport, its comments and its history (GET /api/passport/{id}, /comments, /events), asked in parallel. */
export function usePassportFile(passportId: number | undefined) {
  const passport = useFilePart<Passport>(PATHS.passport, passportId, (r) => typeof r === "object" && r !== null && "id" in r);
  const comments = useFilePart<PassportComment[]>(PATHS.passportComments, passportId, Array.isArray);
  const events = useFilePart<PassportEventRecord[]>(PATHS.passportEvents, passportId, Array.isArray);
  return { passport, comments, events };
}

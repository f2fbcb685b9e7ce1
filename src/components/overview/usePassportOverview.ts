import { useCustom, useSubscription } from "@refinedev/core";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type Envelope, PATHS, type PassportOverview } from "../../contract";
import { toQueryString } from "../../providers/data-provider";
import { liveChannelOf } from "../../providers/live-provider";
import { failureOf } from "../LoadFailed";

/** Cache key of every overview query; a workflow action invalidates them with the passport lists. */
export const OVERVIEW_QUERY_KEY = "passport-overview";

const isOverview = (value: unknown): value is PassportOverview =>
  typeof value === "object" && value !== null && "byStatus" in value && "attention" in value;

/** Events close together (and the Overview's and the menu's subscriptions) refetch the counts once. */
let refetchTimer: ReturnType<typeof setTimeout> | undefined;
function refetchSoon(queryClient: QueryClient) {
  clearTimeout(refetchTimer);
  refetchTimer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: [OVERVIEW_QUERY_KEY] }), 150);
}

/**
 * GET /api/passport/overview: the signed-in user's passports (an agent's own), or one agent's. Shared
 * by the Overview screen and the menu's badges, so a screen change does not ask twice.
 */
export function usePassportOverview({ agentId, enabled = true }: { agentId?: string; enabled?: boolean } = {}) {
  const query = toQueryString({ agentId });
  const { result, query: state } = useCustom<Envelope<PassportOverview>>({
    url: query ? `${PATHS.overview}?${query}` : PATHS.overview,
    method: "get",
    queryOptions: { enabled, queryKey: [OVERVIEW_QUERY_KEY, agentId ?? "all"], staleTime: 30_000 },
    errorNotification: false,
  });
  // Live (issue 29): any passport's change, or a gap in the event stream, refetches the counts.
  const queryClient = useQueryClient();
  useSubscription({ channel: liveChannelOf("passports"), enabled, onLiveEvent: () => refetchSoon(queryClient) });
  const reply = result.data?.replyMessage;
  return {
    overview: isOverview(reply) ? reply : undefined,
    loading: enabled && state.isLoading,
    ...failureOf(state),
  };
}

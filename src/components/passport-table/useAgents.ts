import { useCustom } from "@refinedev/core";
import { type AgentOption, type Envelope, PATHS } from "../../contract";
import { failureOf } from "../LoadFailed";

/** GET /auth/get-all-agents for the agent dropdown and select. Pass `enabled: false` for agents (403 logs out). */
export function useAgents(enabled = true) {
  const { result, query } = useCustom<Envelope<AgentOption[]>>({
    url: PATHS.allAgents,
    method: "get",
    queryOptions: { enabled },
  });
  const reply = result.data?.replyMessage;
  return {
    agents: Array.isArray(reply) ? reply : [],
    loading: enabled && query.isLoading,
    loaded: query.isSuccess,
    ...failureOf(query),
  };
}
